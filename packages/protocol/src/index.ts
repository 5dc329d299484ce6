// Public surface of @tyd/protocol (contract: brief/contract.md). Pure: no I/O, WebCrypto only.
// "sideEffects": false in package.json lets bundlers drop what a caller does not import
// (the vectors and zod schemas stay out of the web's first load).
export * from './constants.js';
export * from './codes.js';
export * from './errors.js';
export * from './base64.js';
export * from './utf8.js';
export * from './random.js';
export * from './envelope.js';
export * from './signing.js';
export * from './format.js';
export * from './validate.js';
export * from './vector-types.js';
export * from './vector-suite.js';
export * from './endpoints/define-endpoint.js';
export * from './endpoints/user/check-login.js';
export * from './endpoints/registry.js';
