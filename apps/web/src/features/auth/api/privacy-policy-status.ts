// POST /v1/user/privacy-policy-status (docs/api.md, session): has the user accepted the current privacy policy
// and service agreement? The consent-renewal check runs it quietly once per page load and session: it is
// not a user action (no toast, no loading indicator), and a 401 here only means there is nothing to ask;
// the page's own calls deal with an ended session (SPEC §4).
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';

export type PrivacyPolicyStatusData = RefResponse<typeof API.privacyPolicyStatus>;

export function getPrivacyPolicyStatus(signal?: AbortSignal): Promise<PrivacyPolicyStatusData> {
  return call(API.privacyPolicyStatus, {}, { signal, background: true, unauthorized: 'ignore' });
}
