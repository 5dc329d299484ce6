// @tyd/protocol/testing: the JSON test-vector harness, for any implementation of the envelope and
// signing (ours on WebCrypto, the server's on node:crypto, a native client's port) to prove itself.
export * from './vector-types.js';
export * from './vector-suite.js';
