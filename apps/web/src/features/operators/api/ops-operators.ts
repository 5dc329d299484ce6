// The administrators' calls (docs/api.md "Operators"): the operators' accounts and the audit log, plain JSON
// behind the operator's session (lib/ops-api.ts). Paths from the zod-free wire entry, types only from the
// calls' schemas (endpoints/ops/operators-ops.ts), so the page carries no schema code.
import type {
  OpsRequest,
  OpsResponseData,
  opsAuditList,
  opsOperatorsAdd,
  opsOperatorsDisable,
  opsOperatorsList,
  opsOperatorsReset,
} from '@tyd/protocol/schemas';
import { OPS_PATH, opsUrl } from '@tyd/protocol/wire';
import { opsRequest } from '../../../lib/ops-api';

/** The one-time link an administrator hands over after adding or resetting an operator, and when it ends. */
export type EnrolmentLink = OpsResponseData<typeof opsOperatorsAdd>;
export type AuditFilter = OpsRequest<typeof opsAuditList>;

export const opsOperators = {
  list: (signal?: AbortSignal) => opsRequest<OpsResponseData<typeof opsOperatorsList>>(OPS_PATH.operators, { signal }),
  add: (input: OpsRequest<typeof opsOperatorsAdd>) => opsRequest<EnrolmentLink>(OPS_PATH.operators, { method: 'POST', body: input }),
  disable: (id: string) => opsRequest<OpsResponseData<typeof opsOperatorsDisable>>(opsUrl(OPS_PATH.operatorDisable, { id }), { method: 'POST', body: {} }),
  reset: (id: string) => opsRequest<OpsResponseData<typeof opsOperatorsReset>>(opsUrl(OPS_PATH.operatorReset, { id }), { method: 'POST', body: {} }),
  /** A page of the audit log under `filter` (docs/api.md "Operators": the audit's query parameters). */
  audit: (filter: AuditFilter, signal?: AbortSignal) => {
    const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const search = query.toString();
    return opsRequest<OpsResponseData<typeof opsAuditList>>(search ? `${OPS_PATH.audit}?${search}` : OPS_PATH.audit, signal ? { signal } : {});
  },
};
