// POST /v1/user/privacy-policy (docs/api.md, no session): the current privacy policy and service agreement,
// and the combined `version` a new user accepts by logging in (user-login-v1 agreementVersion). The
// login page shows these links when its `agreement` parameter is missing or malformed.
import { API_PATH } from '@tyd/protocol/wire';
import type { EndpointResponseData, privacyPolicy } from '@tyd/protocol/schemas';
import { call } from '../../../lib/api-client';

export type PrivacyPolicyData = EndpointResponseData<typeof privacyPolicy>;

export function getPrivacyPolicy(signal?: AbortSignal): Promise<PrivacyPolicyData> {
  // Not a user action, and the page works without it (links from the query, or plain titles): no toast.
  return call<PrivacyPolicyData>(API_PATH.privacyPolicy, {}, { signal, toastErrors: false });
}
