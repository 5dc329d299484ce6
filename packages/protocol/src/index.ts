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
// Issue 5: SMS login, sessions, consent, deregistration, authorised login, invite codes.
export * from './endpoints/user/user-fields.js';
export * from './endpoints/user/legal-document.js';
export * from './endpoints/user/send-sms-code.js';
export * from './endpoints/user/login.js';
export * from './endpoints/user/logout.js';
export * from './endpoints/user/verify-phone.js';
export * from './endpoints/user/save-phone.js';
export * from './endpoints/user/user-detail.js';
export * from './endpoints/user/privacy-policy.js';
export * from './endpoints/user/privacy-policy-status.js';
export * from './endpoints/user/get-user-unprivacy-info.js';
export * from './endpoints/user/renew-info.js';
export * from './endpoints/user/renew-expire.js';
export * from './endpoints/user/cancel.js';
export * from './endpoints/user/authorized-login.js';
export * from './endpoints/user/authorized-code.js';
export * from './endpoints/user/invite-code.js';
export * from './endpoints/user/verify-invite-code.js';
export * from './endpoints/registry.js';
// Issue 6: analytics collection, deep-link lookup, operations summary.
export * from './telemetry/telemetry-constants.js';
export * from './telemetry/record-id.js';
export * from './telemetry/telemetry-record.js';
export * from './telemetry/deep-link.js';
export * from './telemetry/ops-summary.js';
