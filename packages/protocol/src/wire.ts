// @tyd/protocol/wire: everything a client needs to talk to the server except the payload schemas:
// constants, codes and their texts, paths, the envelope, signing, formatters and validators. No zod,
// so a page importing it carries no schema code (the schemas are @tyd/protocol/schemas).
export * from './constants.js';
export * from './codes.js';
export * from './errors.js';
export * from './paths.js';
// One typed reference per endpoint (API.checkLogin …), zod-free: see endpoint-refs.ts. One object, as the
// refs share their names with the endpoint objects of @tyd/protocol/schemas.
export { API, type EndpointRef, type EndpointRefs, type RefRequest, type RefResponse } from './endpoint-refs.js';
export * from './crockford.js';
export * from './invite-codes.js';
export * from './content-ids.js';
export * from './content-ops.js';
export * from './rewards-ops.js';
export * from './ops-paths.js';
export * from './ops-roles.js';
export * from './ops-audit.js';
export * from './redeem-codes.js';
export * from './help.js';
export * from './support-desk.js';
export * from './sign-ins.js';
export * from './ops-passwords.js';
export * from './page-config.js';
export * from './base64.js';
export * from './utf8.js';
export * from './random.js';
export {
  ENVELOPE_FAILURES,
  ENVELOPE_SIZES,
  HKDF_INFO,
  KEY_ID_PATTERN,
  SUITE_NAME,
  SUITE_P256_HKDF_SHA256_A256GCM,
  buildRequestBlob,
  buildResponseBlob,
  parsePlaintext,
  parseRequestBlob,
  parseResponseBlob,
  requestAad,
  responseAad,
  splitTag,
  type RequestBlob,
  type RequestContext,
  type ResponseBlob,
} from './envelope-layout.js';
export * from './envelope.js';
export * from './signing.js';
export * from './format.js';
export * from './china-time.js';
export * from './validate.js';
export * from './identity.js';
export * from './bank-cards.js';
export * from './telemetry/telemetry-constants.js';
export * from './telemetry/record-id.js';
