// @tyd/protocol/wire: everything a client needs to talk to the server except the payload schemas:
// constants, codes and their texts, paths, the envelope, signing, formatters and validators. No zod,
// so a page importing it carries no schema code (the schemas are @tyd/protocol/schemas).
export * from './constants.js';
export * from './codes.js';
export * from './errors.js';
export * from './paths.js';
export * from './base64.js';
export * from './utf8.js';
export * from './random.js';
export * from './envelope.js';
export * from './signing.js';
export * from './format.js';
export * from './validate.js';
export * from './telemetry/telemetry-constants.js';
export * from './telemetry/record-id.js';
