// Numbers written the way people write them reach no log line in clear (docs/operations.md "Logs"):
// separators between any groups (spaces and runs of them, dashes, the minus sign, plus signs, dots,
// parentheses, `_ / , : ~ * | ;`, `· ・ 、`, their full-width forms), invisible characters (zero-width space
// and joiners, soft hyphen, bidi marks, BOM), digits as a Chinese input method types them (full-width
// `１３９…`) or in another script, a `+86`/`＋８６`/`86`/`0086` prefix, percent-encoding (%20, %2B, %2D, in
// either case, once or twice over) and a check character X in either case and width, anywhere in the URL's
// path or query. Property-based: fast-check draws the numbers (mobiles 1[3-9]…, 16–19-digit cards,
// 18-character ID numbers) and their shapes; the digits of the number must not appear in the line however it
// is read (decoded, folded to ASCII, invisibles and separators dropped), and the masked form must.
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

/** Zero of each script a digit may be drawn in besides ASCII: full-width, Arabic-Indic, mathematical bold. */
const ZEROS = { fullWidth: 0xff10, arabicIndic: 0x0660, mathBold: 0x1d7ce } as const;
const inScript = (d: string, zero: number) => String.fromCodePoint(zero + Number(d));

/**
 * The characters of `text` as typed: all ASCII, all full-width (a Chinese input method's full-width mode,
 * X as Ｘ/ｘ), or mixed digit by digit with now and then another script. One string per character, so cuts
 * never split a surrogate pair.
 */
function spelled(text: string): fc.Arbitrary<string[]> {
  const chars = [...text];
  const fullWidth = (c: string) => (/\d/.test(c) ? inScript(c, ZEROS.fullWidth) : String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
  const mixedChar = (c: string): fc.Arbitrary<string> =>
    /\d/.test(c)
      ? fc.oneof(
          { arbitrary: fc.constant(c), weight: 4 },
          { arbitrary: fc.constant(inScript(c, ZEROS.fullWidth)), weight: 4 },
          { arbitrary: fc.constant(inScript(c, ZEROS.arabicIndic)), weight: 1 },
          { arbitrary: fc.constant(inScript(c, ZEROS.mathBold)), weight: 1 },
        )
      : fc.constantFrom(c, fullWidth(c));
  return fc.oneof(fc.constant(chars), fc.constant(chars.map(fullWidth)), fc.tuple(...chars.map(mixedChar)));
}

/** Characters that show nothing (zero-width space, non-joiner, joiner, word joiner, BOM, soft hyphen, LRM, pop formatting, Mongolian vowel separator, Hangul filler, variation selector), raw or percent-encoded. */
const invisible = fc.constantFrom(
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u200E',
  '\u202C',
  '\u180E',
  '\u3164',
  '\uFE0F',
  '%E2%80%8B',
  '%C2%AD',
);

/** What may stand between two groups: written, form-encoded or percent-encoded, ASCII or full-width, visible or not. */
const separator = fc.oneof(
  fc.constantFrom(' ', '-', '+', '.', ' - ', '(', ') ', '%20', '%2B', '%2b', '%2D', '%2d', '%2E', '%252B', '\u3000'),
  fc.constantFrom('_', '/', ',', ':', '~', '*', '|', ';', '·', '・', '、', '\u2212', '%E3%80%81', '%C2%B7'),
  fc.constantFrom('－', '．', '，', '：', '／', '＿', '～', '＊', '｜', '；', '（', '）', '＋', '%EF%BC%8D'),
  fc.oneof(
    fc.integer({ min: 4, max: 12 }).map((n) => ' '.repeat(n)),
    fc.constantFrom('%20%20%20%20%20', '\t\t', ' \u3000 \u3000 '),
  ),
  fc.tuple(fc.constantFrom('', ' ', '-', '·'), invisible, fc.constantFrom('', ' ')).map(([before, hidden, after]) => `${before}${hidden}${after}`),
);

/** Splits `chars` at random places and joins the pieces with random separators. */
function separated(chars: string[]): fc.Arbitrary<string> {
  return fc.uniqueArray(fc.integer({ min: 1, max: chars.length - 1 }), { maxLength: 6 }).chain((cuts) => {
    const sorted = [...cuts].sort((a, b) => a - b);
    const pieces = [0, ...sorted].map((from, i) => chars.slice(from, sorted[i] ?? chars.length).join(''));
    return fc
      .array(separator, { minLength: pieces.length - 1, maxLength: pieces.length - 1 })
      .map((seps) => pieces.map((p, i) => `${p}${seps[i] ?? ''}`).join(''));
  });
}

const prefix = fc.constantFrom(
  ...['', '+86', '86', '0086', '%2B86', '%2b86', '+86 ', '86-', '%2B86%20', '0086 '],
  ...['＋８６', '＋86', '+８６', '＋８６ ', '８６', '００８６', '(+86)', '（＋８６）', '+86\u200B', '\u200B+86 ', '%EF%BC%8B86', '+86    '],
);

const drawn: fc.Arbitrary<Drawn> = fc.oneof(
  fc
    .tuple(phone, prefix)
    .chain(([p, pre]) => spelled(p).chain((chars) => separated(chars).map((shape) => ({ kind: 'phone' as const, digits: p, shape: `${pre}${shape}` })))),
  card.chain((c) => spelled(c).chain((chars) => separated(chars).map((shape) => ({ kind: 'card' as const, digits: c, shape })))),
  idNumber.chain((id) =>
    fc
      .tuple(
        spelled(id).chain((chars) => separated(chars.slice(0, 17)).map((body) => ({ body, check: chars[17]! }))),
        fc.constantFrom('', ' ', '+', '-', '%20', '_', '、', '\u200B'),
        fc.boolean(),
      )
      .map(([{ body, check }, sep, escapeX]) => ({
        kind: 'id' as const,
        digits: id,
        shape: `${body}${sep}${escapeX && /[Xx]$/.test(id) ? encodeURIComponent(check).replace(/^[Xx]$/, (x) => `%${x.charCodeAt(0).toString(16)}`) : check}`,
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

/** The text of `line` under every decoding, as a reader would take it (see `readable`). */
function strippedForms(line: string): string[] {
  const forms = [line];
  for (let i = 0; i < 3; i++) forms.push(forms.at(-1)!.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => safeDecode(run)));
  return forms.map(readable);
}

/**
 * Compatibility forms folded (full-width, mathematical), characters that show nothing dropped, Arabic-Indic
 * digits read as ASCII, and everything that is neither a letter nor a digit removed: what is left of a
 * number is its digits.
 */
function readable(text: string): string {
  return [...text.normalize('NFKC')]
    .filter((c) => !/[\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(c))
    .map((c) => (c >= '\u0660' && c <= '\u0669' ? String(c.charCodeAt(0) - 0x0660) : c))
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();
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
    // As typed with a Chinese input method, copied from a document, or with characters that show nothing.
    expect(scrubText('/x?phone=１３９１２３４５６７８')).toBe('/x?phone=139****5678');
    expect(scrubText('/x?phone=＋８６ １３９ １２３４ ５６７８')).toBe('/x?phone=+86 139****5678');
    expect(scrubText('/x?phone=１３９．１２３４．５６７８')).toBe('/x?phone=139****5678');
    for (const sep of ['_', '/', ',', ':', '~', '*', '|', ';', '·', '・', '、', '\u2212', '\u200B', '\u00AD', '    ', '\u2060', '\uFEFF']) {
      expect(scrubText(`/x?phone=139${sep}1234${sep}5678`), JSON.stringify(sep)).toBe('/x?phone=139****5678');
    }
    expect(scrubText('/x?card=6222/0202/0011/2233/445')).toBe('/x?card=6222****3445');
    expect(scrubText('/x?id=110101·19900307·123Ｘ')).toBe('/x?id=110***********123X');
    // An SMS code and a token in full-width or with zero-width characters inside.
    expect(scrubText('code ４９３８１７')).toBe('code ******');
    expect(scrubText('code ４９３ ８１７ sent')).toBe('code ****** sent');
    expect(scrubText('code 4 9 3 8 1 7')).toBe('code ******');
    expect(scrubText('/x?code=493%20817')).toBe('/x?code=******');
    expect(scrubText('code 493\u200B817')).toBe('code ******');
    const token = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0nPq';
    expect(scrubText(`token ${token.slice(0, 20)}\u200B${token.slice(20)}`)).toBe(`token ${token.slice(0, 4)}…[redacted]`);
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
