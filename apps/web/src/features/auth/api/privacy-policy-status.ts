// POST /v1/user/privacy-policy-status (issue 5, session): has the user accepted the current privacy policy
// and service agreement? The consent-renewal check runs it quietly once per page load and session: it is
// not a user action (no toast, no loading indicator), and a 401 here only means there is nothing to ask;
// the page's own calls deal with an ended session (SPEC §4).
import type { EndpointResponseData, privacyPolicyStatus } from '@tyd/protocol';
import { call } from '../../../lib/api-client';

export const PRIVACY_POLICY_STATUS_PATH = '/v1/user/privacy-policy-status';

export type PrivacyPolicyStatusData = EndpointResponseData<typeof privacyPolicyStatus>;

export function getPrivacyPolicyStatus(signal?: AbortSignal): Promise<PrivacyPolicyStatusData> {
  return call<PrivacyPolicyStatusData>(PRIVACY_POLICY_STATUS_PATH, {}, { signal, toastErrors: false, unauthorized: 'ignore' });
}
