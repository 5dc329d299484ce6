// POST /v1/user/privacy-policy (docs/api.md, no session): the current privacy policy and service agreement,
// and the combined `version` a new user accepts by logging in (user-login-v1 agreementVersion). The
// login page shows these links when its `agreement` parameter is missing or malformed.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';

export type PrivacyPolicyData = RefResponse<typeof API.privacyPolicy>;

export function getPrivacyPolicy(signal?: AbortSignal): Promise<PrivacyPolicyData> {
  // Not a user action, and the page works without it (links from the query, or plain titles): no toast.
  return call(API.privacyPolicy, {}, { signal, toastErrors: false });
}
