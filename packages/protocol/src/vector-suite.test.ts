import { describe, expect, it } from 'vitest';
import envelopeJson from '../vectors/envelope.json' with { type: 'json' };
import signingJson from '../vectors/signing.json' with { type: 'json' };
import formatsJson from '../vectors/formats.json' with { type: 'json' };
import validatorsJson from '../vectors/validators.json' with { type: 'json' };
import { envelopeChecks, formatChecks, runVectorSuite, signingChecks, validatorChecks, vectorChecks } from './vector-suite.js';
import type { EnvelopeVectorFile, FormatVectorFile, SigningVectorFile, ValidatorVectorFile } from './vector-types.js';

const envelopeFile = envelopeJson as unknown as EnvelopeVectorFile;
const signingFile = signingJson as unknown as SigningVectorFile;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('committed vectors', () => {
  it.each(vectorChecks().map((c) => [c.name, c] as const))('%s', async (_name, check) => {
    await check.run();
  });

  it('runVectorSuite passes all of them without a test framework', async () => {
    const result = await runVectorSuite();
    expect(result.failed).toEqual([]);
    expect(result.passed).toBe(vectorChecks().length);
  });
});

describe('the suite can fail', () => {
  async function failures(checks: Array<{ name: string; run: () => Promise<void> }>): Promise<string[]> {
    const failed: string[] = [];
    for (const c of checks) await c.run().catch(() => failed.push(c.name));
    return failed;
  }

  it('notices a changed ciphertext, a wrong expected reason and a tamper that changes nothing', async () => {
    const file = clone(envelopeFile);
    const v = file.vectors[0]!;
    v.requestData = `B${v.requestData.slice(1)}`;
    v.response.body.msg = 'changed';
    v.requestTampers[0]!.reason = 'malformed';
    v.requestTampers.push({ name: 'nothing', reason: 'malformed' });
    const failed = await failures(envelopeChecks({ ...file, vectors: [v] }));
    expect(failed).toEqual(
      expect.arrayContaining([
        expect.stringContaining('seals to the exact data'),
        expect.stringContaining('opens the request'),
        expect.stringContaining('client opens the response'),
        expect.stringContaining(v.requestTampers[0]!.name),
        expect.stringContaining('"nothing"'),
      ]),
    );
  });

  it('notices a changed canonical string and a tamper that still verifies', async () => {
    const file = clone(signingFile);
    const v = file.vectors[0]!;
    v.canonical = v.canonical.replace('TYD', 'TYX');
    v.tampers.push({ name: 'not a tamper', fields: { path: v.fields.path } });
    const failed = await failures(signingChecks({ ...file, vectors: [v] }));
    expect(failed).toEqual([expect.stringContaining('canonical string'), expect.stringContaining('not a tamper')]);
  });

  it('notices a wrong format, a wrong thrown argument and a wrong validator answer', async () => {
    const formats = clone(formatsJson as FormatVectorFile);
    formats.maskPhone = [
      { input: '13812345678', expected: '138 **** 5678' },
      { input: null, throws: 'value' },
      { input: '13812345678', throws: 'phone' },
    ];
    const validators = clone(validatorsJson as ValidatorVectorFile);
    validators.isResidentIdNumber = [{ input: '11010519491231002X', expected: false }];
    const failed = await failures([...formatChecks(formats), ...validatorChecks(validators)]);
    expect(failed).toEqual([
      expect.stringContaining('maskPhone[0]'),
      expect.stringContaining('maskPhone[1]'),
      expect.stringContaining('maskPhone[2]'),
      expect.stringContaining('isResidentIdNumber[0]'),
    ]);
  });
});
