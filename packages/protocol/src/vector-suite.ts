// Runs every committed test vector, positive and tampered, without a test framework, so the same
// proof runs in Node (src/vector-suite.test.ts) and inside Chromium (the e2e run).
import envelopeJson from '../vectors/envelope.json' with { type: 'json' };
import signingJson from '../vectors/signing.json' with { type: 'json' };
import formatsJson from '../vectors/formats.json' with { type: 'json' };
import validatorsJson from '../vectors/validators.json' with { type: 'json' };
import { fromBase64, toBase64 } from './base64.js';
import { importServerPrivateKey, importServerPublicKey, openRequest, openResponse, sealRequest, sealResponse } from './envelope.js';
import { requestAad, responseAad, type RequestContext } from './envelope-layout.js';
import { EnvelopeError, ProtocolTypeError } from './errors.js';
import { formatDate, formatMoney, formatPhoneInput, maskBankCard, maskPhone } from './format.js';
import { canonicalSignString, canonicalSignStringWith, signRequest, verifyRequestSignature } from './signing.js';
import { utf8Encode } from './utf8.js';
import { isBankCardNumber, isLuhnValid, isMainlandMobile, isResidentIdNumber, isSmsCode } from './validate.js';
import { subtle } from './webcrypto.js';
import type { BlobMutation, EnvelopeTamper, EnvelopeVectorFile, FormatCase, FormatVectorFile, SigningVectorFile, ValidatorVectorFile } from './vector-types.js';

/** One named check; `run` throws with a reason when the vector is not met. */
export interface VectorCheck {
  name: string;
  run: () => Promise<void>;
}

export interface VectorSuiteResult {
  passed: number;
  failed: string[];
}

function fail(message: string): never {
  throw new Error(message);
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  // JSON text comparison: key order matters on the wire, so it matters here too.
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) fail(`${what}: expected ${e}, got ${a}`);
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) fail(`bad hex in vector: ${hex}`);
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The tampered blobs of one mutation (a flip range gives one blob per offset). */
function mutate(blob: Uint8Array, m: BlobMutation): Uint8Array[] {
  switch (m.op) {
    case 'flip': {
      const out: Uint8Array[] = [];
      for (let i = m.from; i <= m.to; i++) {
        if (i >= blob.length) fail(`flip offset ${i} beyond the blob`);
        const b = blob.slice();
        b[i] = b[i]! ^ m.mask;
        out.push(b);
      }
      return out;
    }
    case 'truncate':
      return [blob.slice(0, m.length)];
    case 'append': {
      const extra = hexToBytes(m.hex);
      const b = new Uint8Array(blob.length + extra.length);
      b.set(blob);
      b.set(extra, blob.length);
      return [b];
    }
    case 'set': {
      const b = blob.slice();
      b.set(hexToBytes(m.hex), m.offset);
      return [b];
    }
  }
}

function tamperedData(original: string, t: EnvelopeTamper): string[] {
  if (t.data !== undefined) return [t.data];
  if (t.mutate === undefined) return [original];
  return mutate(fromBase64(original), t.mutate).map((b) => toBase64(b));
}

async function expectEnvelopeError(promise: Promise<unknown>, reason: string, what: string): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  if (error === undefined) fail(`${what}: opened, expected ${reason}`);
  if (!(error instanceof EnvelopeError)) fail(`${what}: expected EnvelopeError ${reason}, got ${String(error)}`);
  if (error.reason !== reason) fail(`${what}: expected ${reason}, got ${error.reason} (${error.message})`);
}

/** Checks of envelope.json: exact sealing both ways, opening, AAD strings, and every tamper rejected. */
export function envelopeChecks(file: EnvelopeVectorFile): VectorCheck[] {
  const checks: VectorCheck[] = [];
  const privateKeys = new Map<string, Promise<CryptoKey>>();
  const privateKey = (server: string): Promise<CryptoKey> => {
    const entry = file.servers[server] ?? fail(`no server ${server} in vectors`);
    let key = privateKeys.get(server);
    if (key === undefined) {
      key = importServerPrivateKey(entry.privateKey);
      privateKeys.set(server, key);
    }
    return key;
  };
  // The client's response key of each vector, from sealing it exactly as the client would.
  const clientResponseKeys = new Map<number, Promise<CryptoKey>>();
  const seal = (index: number) => {
    const v = file.vectors[index] ?? fail(`no vector ${index}`);
    const server = file.servers[v.server] ?? fail(`no server ${v.server}`);
    return sealRequest({
      serverPublicKey: server.publicKey,
      keyId: v.keyId,
      context: v.context,
      payload: v.payload,
      ephemeralPrivateKey: v.ephemeralPrivateKey,
      iv: hexToBytes(v.requestIvHex),
    });
  };
  const clientResponseKey = (index: number): Promise<CryptoKey> => {
    let key = clientResponseKeys.get(index);
    if (key === undefined) {
      key = seal(index).then((s) => s.responseKey);
      clientResponseKeys.set(index, key);
    }
    return key;
  };

  file.vectors.forEach((v, index) => {
    const label = `envelope[${index}] ${v.name}`;
    const keyringOf = (names: Record<string, string>) => async (kid: string) => {
      const server = names[kid];
      return server === undefined ? undefined : privateKey(server);
    };
    const defaultKeyring = { [v.keyId]: v.server };

    checks.push({
      name: `${label}: the request seals to the exact data`,
      run: async () => {
        const server = file.servers[v.server] ?? fail(`no server ${v.server}`);
        expectEqual(JSON.stringify(v.payload), v.requestPlaintext, 'plaintext');
        expectEqual(requestAad(v.context, v.keyId), v.requestAad, 'request AAD');
        const blob = fromBase64(v.requestData);
        const kidEnd = 2 + v.keyId.length;
        expectEqual(bytesToHex(blob.subarray(kidEnd + 65, kidEnd + 77)), v.requestIvHex, 'iv bytes in the blob');
        expectEqual(bytesToHex(blob.subarray(kidEnd + 77)), v.requestSealedHex, 'ciphertext||tag in the blob');
        // The public key is importable in its wire form, and as a CryptoKey it seals the same bytes.
        const sealed = await sealRequest({
          serverPublicKey: await importServerPublicKey(server.publicKey),
          keyId: v.keyId,
          context: v.context,
          payload: v.payload,
          ephemeralPrivateKey: v.ephemeralPrivateKey,
          iv: hexToBytes(v.requestIvHex),
        });
        expectEqual(sealed.data, v.requestData, 'sealRequest data');
        expectEqual((await seal(index)).data, v.requestData, 'sealRequest data with the base64url public key');
      },
    });
    checks.push({
      name: `${label}: the server opens the request and seals the exact response`,
      run: async () => {
        const opened = await openRequest({ data: v.requestData, context: v.context, privateKeyFor: keyringOf(defaultKeyring) });
        expectEqual(opened.payload, v.payload, 'payload');
        expectEqual(opened.keyId, v.keyId, 'keyId');
        expectEqual(JSON.stringify(v.response.body), v.response.plaintext, 'response plaintext');
        expectEqual(responseAad(v.context), v.response.aad, 'response AAD');
        const data = await sealResponse({ responseKey: opened.responseKey, context: v.context, body: v.response.body, iv: hexToBytes(v.response.ivHex) });
        expectEqual(data, v.response.data, 'sealResponse data');
      },
    });
    checks.push({
      name: `${label}: the client opens the response`,
      run: async () => {
        const body = await openResponse({ responseKey: await clientResponseKey(index), context: v.context, data: v.response.data });
        expectEqual(body, v.response.body, 'response body');
      },
    });

    for (const t of v.requestTampers) {
      checks.push({
        name: `${label}: request tamper "${t.name}" -> ${t.reason}`,
        run: async () => {
          const context = { ...v.context, ...t.context } as RequestContext;
          const privateKeyFor = keyringOf(t.keyring ?? defaultKeyring);
          const datas = tamperedData(v.requestData, t);
          if (t.data === undefined && t.mutate === undefined && t.context === undefined && t.keyring === undefined) fail('tamper changes nothing');
          for (const [i, data] of datas.entries()) {
            await expectEnvelopeError(openRequest({ data, context, privateKeyFor }), t.reason, `variant ${i}`);
          }
        },
      });
    }
    for (const t of v.responseTampers) {
      checks.push({
        name: `${label}: response tamper "${t.name}" -> ${t.reason}`,
        run: async () => {
          const context = { ...v.context, ...t.context } as RequestContext;
          const responseKey = await clientResponseKey(t.responseKeyOf ?? index);
          if (t.data === undefined && t.mutate === undefined && t.context === undefined && t.responseKeyOf === undefined) fail('tamper changes nothing');
          for (const [i, data] of tamperedData(v.response.data, t).entries()) {
            await expectEnvelopeError(openResponse({ responseKey, context, data }), t.reason, `variant ${i}`);
          }
        },
      });
    }
  });
  return checks;
}

/** Checks of signing.json: exact canonical string and signature, and every tamper verifying false. */
export function signingChecks(file: SigningVectorFile): VectorCheck[] {
  const checks: VectorCheck[] = [];
  file.vectors.forEach((v, index) => {
    const label = `signing[${index}] ${v.name}`;
    checks.push({
      name: `${label}: canonical string and signature`,
      run: async () => {
        expectEqual(await canonicalSignString(v.fields), v.canonical, 'canonical string');
        expectEqual((await canonicalSignString(v.fields)).split('\n').at(-1), v.dataSha256Hex, 'data hash line');
        // The injected-digest form (the server's node:crypto backend) builds the same string.
        const digest = new Uint8Array(await subtle().digest('SHA-256', utf8Encode(v.fields.data)));
        expectEqual(
          canonicalSignStringWith(v.fields, () => digest),
          v.canonical,
          'canonical string with an injected digest',
        );
        expectEqual(await signRequest(v.secret, v.fields), v.signature, 'signature');
        if (!(await verifyRequestSignature(v.secret, v.fields, v.signature))) fail('the signature does not verify');
      },
    });
    for (const t of v.tampers) {
      checks.push({
        name: `${label}: tamper "${t.name}" verifies false`,
        run: async () => {
          if (t.fields === undefined && t.signature === undefined && t.secret === undefined) fail('tamper changes nothing');
          const ok = await verifyRequestSignature(t.secret ?? v.secret, { ...v.fields, ...t.fields }, t.signature ?? v.signature);
          if (ok) fail('the tampered request verifies');
        },
      });
    }
  });
  return checks;
}

const SPECIAL_NUMBERS: Record<string, number> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 };

function decodeInput(input: unknown): unknown {
  if (typeof input === 'object' && input !== null && '$number' in input) {
    const name = (input as { $number: unknown }).$number;
    return (typeof name === 'string' ? SPECIAL_NUMBERS[name] : undefined) ?? fail(`unknown $number ${String(name)}`);
  }
  return input;
}

/** Checks of formats.json: each formatter's output, or the labelled ProtocolTypeError it throws. */
export function formatChecks(file: FormatVectorFile): VectorCheck[] {
  const formatters: Record<keyof Omit<FormatVectorFile, 'description'>, (input: never) => string> = {
    maskPhone,
    formatPhoneInput,
    maskBankCard,
    formatMoney,
    formatDate,
  };
  return (Object.keys(formatters) as Array<keyof typeof formatters>).flatMap((name) =>
    file[name].map((c: FormatCase, index) => ({
      name: `formats ${name}[${index}] ${JSON.stringify(c.input)}`,
      run: async () => {
        const input = decodeInput(c.input) as never;
        if (c.throws === undefined) {
          expectEqual(formatters[name](input), c.expected ?? fail('case has neither expected nor throws'), name);
          return;
        }
        try {
          formatters[name](input);
        } catch (error) {
          if (error instanceof ProtocolTypeError && error.argument === c.throws) return;
          fail(`expected ProtocolTypeError(${c.throws}), got ${String(error)}`);
        }
        fail(`expected ProtocolTypeError(${c.throws}), got a result`);
      },
    })),
  );
}

/** Checks of validators.json. */
export function validatorChecks(file: ValidatorVectorFile): VectorCheck[] {
  const validators: Record<keyof Omit<ValidatorVectorFile, 'description' | 'defaultNow'>, (input: unknown, now: number) => boolean> = {
    isMainlandMobile: (v) => isMainlandMobile(v),
    isSmsCode: (v) => isSmsCode(v),
    isLuhnValid: (v) => isLuhnValid(v),
    isBankCardNumber: (v) => isBankCardNumber(v),
    isResidentIdNumber: (v, now) => isResidentIdNumber(v, now),
  };
  return (Object.keys(validators) as Array<keyof typeof validators>).flatMap((name) =>
    file[name].map((c, index) => ({
      name: `validators ${name}[${index}] ${JSON.stringify(c.input)}${c.now === undefined ? '' : ` at ${c.now}`}`,
      run: async () => expectEqual(validators[name](c.input, c.now ?? file.defaultNow), c.expected, name),
    })),
  );
}

/** Every check over every committed vector file. */
export function vectorChecks(): VectorCheck[] {
  return [
    ...envelopeChecks(envelopeJson as unknown as EnvelopeVectorFile),
    ...signingChecks(signingJson as unknown as SigningVectorFile),
    ...formatChecks(formatsJson as FormatVectorFile),
    ...validatorChecks(validatorsJson as ValidatorVectorFile),
  ];
}

/** Runs every vector check; the e2e run calls this inside Chromium. */
export async function runVectorSuite(): Promise<VectorSuiteResult> {
  const failed: string[] = [];
  let passed = 0;
  for (const check of vectorChecks()) {
    try {
      await check.run();
      passed++;
    } catch (error) {
      failed.push(`${check.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { passed, failed };
}
