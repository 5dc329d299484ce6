// Numbers written the way people write them reach no log line in clear (docs/operations.md "Logs"):
// separators between any groups (spaces, dashes, plus signs, dots, parentheses), a `+86`/`86`/`0086`
// prefix, percent-encoding (%20, %2B, %2D, in either case, once or twice over) and a check character X
// in either case, anywhere in the URL's path or query. Property-based: fast-check draws the numbers
// (mobiles 1[3-9]…, 16–19-digit cards, 18-character ID numbers) and their shapes; the digits of the
// number, with every separator stripped, must not appear in the line, and the masked form must.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubText } from '../../src/logging.js';
import { captureLogLines } from '../support/log-capture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Kind = 'phone' | 'card' | 'id';
interface Drawn {
  kind: Kind;
  /** The number without separators or prefix: what must never be logged. */
  digits: string;
  /** The number as written into the URL. */
  shape: string;
}

const digit = fc.constantFrom(...'0123456789');
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((ds) => ds.join(''));

const phone = fc.tuple(fc.constantFrom(...'3456789'), digits(9)).map(([second, rest]) => `1${second}${rest}`);
const card = fc.integer({ min: 16, max: 19 }).chain((n) => digits(n));
const idNumber = fc.tuple(digits(17), fc.constantFrom(...'0123456789Xx')).map(([body, check]) => `${body}${check}`);

/** What may stand between two groups: written, form-encoded or percent-encoded (%20 %2B %2D, upper or lower case). */
const separator = fc.constantFrom(' ', '-', '+', '.', ' - ', '(', ') ', '%20', '%2B', '%2b', '%2D', '%2d', '%2E', '%252B', '\u3000');

/** Splits `text` at random places and joins the pieces with random separators. */
function separated(text: string): fc.Arbitrary<string> {
  return fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 6 }).chain((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const pieces = [0, ...sorted].map((from, i) => text.slice(from, sorted[i] ?? text.length));
    return fc
      .array(separator, { minLength: pieces.length - 1, maxLength: pieces.length - 1 })
      .map((seps) => pieces.map((p, i) => `${p}${seps[i] ?? ''}`).join(''));
  });
}

const prefix = fc.constantFrom('', '+86', '86', '0086', '%2B86', '%2b86', '+86 ', '86-', '%2B86%20', '0086 ');

const drawn: fc.Arbitrary<Drawn> = fc.oneof(
  fc.tuple(phone, prefix).chain(([p, pre]) => separated(p).map((shape) => ({ kind: 'phone' as const, digits: p, shape: `${pre}${shape}` }))),
  card.chain((c) => separated(c).map((shape) => ({ kind: 'card' as const, digits: c, shape }))),
  idNumber.chain((id) =>
    fc.tuple(separated(id.slice(0, 17)), fc.constantFrom('', ' ', '+', '-', '%20'), fc.boolean()).map(([body, sep, escapeX]) => ({
      kind: 'id' as const,
      digits: id,
      shape: `${body}${sep}${escapeX && /[Xx]$/.test(id) ? `%${id.charCodeAt(17).toString(16)}` : id.slice(17)}`,
    })),
  ),
);

/** Where in the URL the number goes: a query value, a path segment, or both; plain or encoded by the page. */
const placed = fc.tuple(drawn, fc.constantFrom('query', 'path', 'both'), fc.boolean()).map(([number, where, encode]) => {
  const written = encode ? encodeURIComponent(number.shape) : number.shape;
  const url =
    where === 'query'
      ? `/bank-cards?a=b&${number.kind}=${written}&c=d`
      : where === 'path'
        ? `/bank-cards/${written}/detail`
        : `/bank-cards/${written}?${number.kind}=${written}`;
  return { ...number, url };
});

/** The text of `line` under every decoding, with every separator removed. */
function strippedForms(line: string): string[] {
  const forms = [line];
  for (let i = 0; i < 3; i++) forms.push(forms.at(-1)!.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => safeDecode(run)));
  return forms.map((form) => form.replace(/[\s+.()\-\u3000]/g, '').toUpperCase());
}

function safeDecode(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
}

/** No form of the line holds the number; the line holds its masked tail. */
function expectMasked(line: string, number: Pick<Drawn, 'digits' | 'kind'>): void {
  for (const form of strippedForms(line)) expect(form, line).not.toContain(number.digits.toUpperCase());
  expect(line.toUpperCase(), line).toContain(`****${number.digits.slice(-4).toUpperCase()}`);
}

describe('numbers in every written shape', () => {
  it('scrubText masks each shape, alone and inside a URL', () => {
    fc.assert(
      fc.property(placed, (number) => {
        expectMasked(scrubText(number.url), number);
        expectMasked(scrubText(`value ${number.shape} end`), number);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the masked format of the unseparated forms', () => {
    expect(scrubText('/bank-cards?card=6222+0202+0011+2233+445')).toBe('/bank-cards?card=6222****3445');
    expect(scrubText('/x?phone=139-1234-5678')).toBe('/x?phone=139****5678');
    expect(scrubText('/x?phone=%2B86+139+1234+5678')).toBe('/x?phone=+86+139****5678');
    expect(scrubText('/x?phone=86139 1234 5678')).toBe('/x?phone=86139****5678');
    expect(scrubText('/x?id=110101+19900307+123x')).toBe('/x?id=110***********123x');
    expect(scrubText('/x?id=11010119900307123 X')).toBe('/x?id=110***********123X');
    // Dates, versions, addresses and short numbers with separators are left as they are.
    const plain = 'on 2026-11-21 10:00 from 203.0.113.5, v4.0.1, call 1-212-555-0199 or 0571-8888-1234';
    expect(scrubText(plain)).toBe(plain);
  });

  describe('in the access log', () => {
    let t: TestApp;
    const { stream, lines } = captureLogLines();
    beforeAll(async () => {
      t = await startTestApp({ logStream: stream });
    });
    afterAll(async () => {
      await t?.close();
    });

    const logged = async (url: string): Promise<string[]> => {
      lines.length = 0;
      await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      await new Promise((resolve) => setImmediate(resolve));
      const own = lines.filter((line) => line.includes('/bank-cards'));
      expect(own.length, url).toBeGreaterThan(0);
      return own;
    };

    it('logs the five shapes of the report masked (over real HTTP)', async () => {
      const examples: Array<[string, Pick<Drawn, 'digits' | 'kind'>]> = [
        ['/bank-cards?card=6222+0202+0011+2233+445', { kind: 'card', digits: '6222020200112233445' }],
        ['/bank-cards?card=6222-0202-0011-2233-445', { kind: 'card', digits: '6222020200112233445' }],
        ['/bank-cards?phone=139-1234-5678', { kind: 'phone', digits: '13912345678' }],
        ['/bank-cards?phone=%2B86+139+1234+5678', { kind: 'phone', digits: '13912345678' }],
        ['/bank-cards?id=110101+19900307+123X', { kind: 'id', digits: '11010119900307123X' }],
      ];
      for (const [url, number] of examples) {
        lines.length = 0;
        await (await fetch(`${t.baseUrl}${url}`, { headers: { accept: 'text/html' } })).arrayBuffer();
        await new Promise((resolve) => setImmediate(resolve));
        const own = lines.filter((line) => line.includes('/bank-cards'));
        expect(own.length, url).toBeGreaterThan(0);
        for (const line of own) expectMasked(line, number);
      }
    });

    it('logs no drawn number in clear, wherever in the URL and however written', async () => {
      await fc.assert(
        fc.asyncProperty(placed, async (number) => {
          for (const line of await logged(number.url)) expectMasked(line, number);
        }),
        { numRuns: 150 },
      );
    });
  });
});
