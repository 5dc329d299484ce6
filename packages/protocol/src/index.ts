// Public surface of @tyd/protocol, the wire contract (docs/protocol.md). Pure: no I/O, WebCrypto only.
// Three entries a caller can import on their own: ./wire (no zod: what the web's first load uses),
// ./schemas (endpoint and telemetry schemas) and ./testing (the vector harness); this index is all three.
export * from './wire.js';
export * from './schemas.js';
export * from './testing.js';
