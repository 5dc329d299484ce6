// An enrolment link's own calls (docs/api.md "Operators"): no session (the operator has none yet), the link's
// token in the body, never in an address. Plain JSON through lib/ops-api.ts; types only from the calls'
// schemas (endpoints/ops/operators-ops.ts), so the page carries no schema code.
import type { OpsRequest, OpsResponseData, opsEnrolmentFinish, opsEnrolmentStart } from '@tyd/protocol/schemas';
import { OPS_PATH, SUBCODE } from '@tyd/protocol/wire';
import { OpsApiError, opsRequest } from '../../../lib/ops-api';

export type EnrolmentStart = OpsResponseData<typeof opsEnrolmentStart>;

/** The link no longer works (unknown, used, replaced or expired: the server does not say which). */
export const isLinkInvalid = (error: unknown) => error instanceof OpsApiError && error.subcode === SUBCODE.OPS_ENROLMENT_INVALID;
/** The TOTP code did not match the secret shown; the link still works. */
export const isCodeWrong = (error: unknown) => error instanceof OpsApiError && error.subcode === SUBCODE.OPS_ENROLMENT_CODE_WRONG;

/** Too many refused attempts from this address: said as such, not as the sign-in's lock. */
const tooMany = (error: unknown): never => {
  if (error instanceof OpsApiError && error.failure === 'locked') throw new OpsApiError('locked', '尝试次数过多，请稍后再试', 429);
  throw error;
};

export const opsEnrolment = {
  start: (token: string) => opsRequest<EnrolmentStart>(OPS_PATH.enrolment, { method: 'POST', body: { token } }).catch(tooMany),
  finish: (input: OpsRequest<typeof opsEnrolmentFinish>) =>
    opsRequest<OpsResponseData<typeof opsEnrolmentFinish>>(OPS_PATH.enrolmentFinish, { method: 'POST', body: input }).catch(tooMany),
};
