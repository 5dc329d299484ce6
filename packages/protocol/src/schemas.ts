// @tyd/protocol/schemas: the payload schema of every endpoint (zod/mini) and of telemetry records.
// The server checks every request and answer against them; a client may import them to check its own.
export * from './endpoints/define-endpoint.js';
export * from './endpoints/user/check-login.js';
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
export * from './telemetry/telemetry-record.js';
export * from './telemetry/deep-link.js';
export * from './telemetry/ops-summary.js';
