// Shapes of the committed JSON test vectors in packages/protocol/vectors (see docs/protocol.md "Test vectors").
import type { ApiResponse } from './codes.js';
import type { RequestContext } from './envelope-layout.js';
import type { EnvelopeErrorReason } from './errors.js';
import type { SignFields } from './signing.js';

export interface VectorServerKey {
  /** base64url of the 65-byte uncompressed point. */
  publicKey: string;
  /** base64url PKCS#8 DER. */
  privateKey: string;
  /** The private scalar, hex (for readers of docs/protocol.md). */
  privateScalarHex: string;
}

/** A change to the decoded blob before it is re-encoded with strict base64. */
export type BlobMutation =
  /** XOR `mask` into each byte from `from` to `to` inclusive, one offset at a time (one check per offset). */
  | { op: 'flip'; from: number; to: number; mask: number }
  | { op: 'truncate'; length: number }
  | { op: 'append'; hex: string }
  | { op: 'set'; offset: number; hex: string };

export interface EnvelopeTamper {
  name: string;
  reason: EnvelopeErrorReason;
  mutate?: BlobMutation;
  /** Replaces the base64 `data` outright (base64-level tampering). */
  data?: string;
  /** Fields of the context that differ from the vector's. */
  context?: Partial<Record<keyof RequestContext, string>>;
  /** Request only: which server key answers each key id (default: the vector's key id -> its server). */
  keyring?: Record<string, string>;
  /** Response only: open with the response key of this other vector (by index). */
  responseKeyOf?: number;
}

export interface EnvelopeVector {
  name: string;
  /** Name in `servers`. */
  server: string;
  keyId: string;
  ephemeralPrivateKey: string;
  ephemeralPrivateScalarHex: string;
  /** base64url of the ephemeral 65-byte point, also bytes 2+kidLen .. of the blob. */
  ephemeralPublicKey: string;
  context: RequestContext;
  payload: unknown;
  /** Exact plaintext bytes (UTF-8) of the request. */
  requestPlaintext: string;
  sharedSecretHex: string;
  requestKeyHex: string;
  responseKeyHex: string;
  requestAad: string;
  requestIvHex: string;
  /** Ciphertext||tag of the request, hex. */
  requestSealedHex: string;
  /** The request body's `data`. */
  requestData: string;
  response: {
    body: ApiResponse;
    plaintext: string;
    aad: string;
    ivHex: string;
    sealedHex: string;
    data: string;
  };
  requestTampers: EnvelopeTamper[];
  responseTampers: EnvelopeTamper[];
}

export interface EnvelopeVectorFile {
  description: string;
  suite: string;
  servers: Record<string, VectorServerKey & { keyId: string }>;
  vectors: EnvelopeVector[];
}

export interface SigningVector {
  name: string;
  secret: string;
  fields: SignFields;
  dataSha256Hex: string;
  canonical: string;
  signature: string;
  /** Each must verify false: changed fields, or a different signature or secret. */
  tampers: Array<{ name: string; fields?: Partial<SignFields>; signature?: string; secret?: string }>;
}

export interface SigningVectorFile {
  description: string;
  vectors: SigningVector[];
}

/** `input` {"$number": "NaN" | "Infinity" | "-Infinity" | "-0"} stands for numbers JSON cannot hold. */
export interface FormatCase {
  input: unknown;
  /** The formatted text; absent when the case throws. */
  expected?: string;
  /** The argument named by the ProtocolTypeError the call must throw. */
  throws?: string;
  note?: string;
}

export interface FormatVectorFile {
  description: string;
  maskPhone: FormatCase[];
  formatPhoneInput: FormatCase[];
  maskBankCard: FormatCase[];
  formatMoney: FormatCase[];
  formatDate: FormatCase[];
}

export interface ValidatorCase {
  input: unknown;
  expected: boolean;
  /** isResidentIdNumber only: ms since epoch deciding "today" (default: the file's defaultNow). */
  now?: number;
  note?: string;
}

export interface ValidatorVectorFile {
  description: string;
  defaultNow: number;
  isMainlandMobile: ValidatorCase[];
  isSmsCode: ValidatorCase[];
  isLuhnValid: ValidatorCase[];
  isBankCardNumber: ValidatorCase[];
  isResidentIdNumber: ValidatorCase[];
}
