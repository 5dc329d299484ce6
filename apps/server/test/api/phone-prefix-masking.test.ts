// Phone numbers written with a country code or percent-encoded (`+86…`, `tel:86…`, `0086…`, `%2B86…`, an
// escaped separator or escaped digits) are masked like bare ones, in stored analytics rows and in the
// request log line of `GET /collect`, whose URL carries the whole batch (rules: no full phone numbers).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubText } from '../../src/logging.js';
import { captureLogLines } from '../support/log-capture.js';
import { batch, pageRecord } from '../support/telemetry-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PHONE = '13812345678';
const ESCAPED_DIGITS = [...PHONE].map((d) => `%3${d}`).join('');
/** Each form a page address or event text may carry the number in. */
const FORMS = {
  plus: `+86${PHONE}`,
  tel: `tel:86${PHONE}`,
  zeros: `0086${PHONE}`,
  encodedPlus: `%2B86${PHONE}`,
  encodedSpace: `%20${PHONE}`,
  escapedDigits: ESCAPED_DIGITS,
  afterMalformedEscape: `%E4%B8%20${PHONE}`,
};

/** Decodes as often as it can, for the assertions: a number hidden under escapes is still a leak. */
function decodedForms(text: string): string[] {
  const forms = [text];
  for (let i = 0; i < 4; i++) {
    try {
      forms.push(decodeURIComponent(forms.at(-1)!));
    } catch {
      forms.push(forms.at(-1)!.replace(/%E4%B8/g, ''));
    }
  }
  return forms;
}

function expectNoPhone(text: string, where: string): void {
  for (const form of decodedForms(text)) {
    expect(form, where).not.toContain(PHONE);
    expect(form, where).not.toContain(`86${PHONE.slice(0, 3)}${PHONE.slice(3)}`);
  }
}

describe('phone numbers with a country code or escapes', () => {
  let t: TestApp;
  const { stream, lines } = captureLogLines();
  beforeAll(async () => {
    t = await startTestApp({ logStream: stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('masks every form in text, keeps the prefix, and never throws on a malformed escape', () => {
    expect(scrubText(FORMS.plus)).toBe('+86138****5678');
    expect(scrubText(FORMS.tel)).toBe('tel:86138****5678');
    expect(scrubText(FORMS.zeros)).toBe('0086138****5678');
    expect(scrubText(FORMS.encodedPlus)).toBe('+86138****5678');
    expect(scrubText(FORMS.encodedSpace)).toBe(' 138****5678');
    expect(scrubText(FORMS.escapedDigits)).toBe('138****5678');
    expect(scrubText(`/collect?purl=${encodeURIComponent(encodeURIComponent(FORMS.plus))}`)).toBe('/collect?purl=+86138****5678');
    expect(scrubText(FORMS.afterMalformedEscape)).toBe('%E4%B8 138****5678');
    // Nothing to mask: the text keeps its encoding, and broken escapes are left alone.
    expect(scrubText('/login?returnUrl=%2Fmine%3Fa%3D1&x=%ZZ%E4')).toBe('/login?returnUrl=%2Fmine%3Fa%3D1&x=%ZZ%E4');
    // Timestamps and other 13-digit numbers are not phones.
    expect(scrubText('at 1763700000000')).toBe('at 1763700000000');
  });

  it('stores no form of the number in analytics rows, nor in the request log of GET /collect', async () => {
    const records = Object.entries(FORMS).map(([name, form]) =>
      pageRecord({ ei: name, purl: `http://127.0.0.1/login?phone=${form}`, en: `拨打 ${form}`, ed: { note: form, ref: Number(`86${PHONE}`) } }),
    );
    const url = `${t.baseUrl}/collect?project=production&data=${encodeURIComponent(JSON.stringify(batch(records)))}`;
    const body = (await (await fetch(url)).json()) as { data?: { accepted: number } };
    expect(body.data?.accepted).toBe(records.length);
    await new Promise((resolve) => setImmediate(resolve));

    const ids = records.map((r) => r.id);
    const rows = (await sql<Record<string, unknown>>`select * from telemetry_records where id in (${sql.join(ids)})`.execute(t.app.database.db)).rows;
    expect(rows).toHaveLength(records.length);
    for (const row of rows) {
      expectNoPhone(JSON.stringify(row), `row ${String(row.ei)}`);
      expect(String(row.en)).toContain('138****5678');
      expect(JSON.parse(String(row.ed))).toMatchObject({ ref: '86138****5678' });
    }

    const requestLines = lines.filter((line) => line.includes('/collect?'));
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expectNoPhone(line, 'log line');
    expect(requestLines.join('\n')).toContain('138****5678');
  });
});
