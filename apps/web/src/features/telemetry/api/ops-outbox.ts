// The operators' calls on dead outbox events (docs/api.md "Outbox operations"): the list for every operator,
// retry and discard for administrators; plain JSON behind the operator's session (lib/ops-api.ts). Paths
// from the zod-free wire entry, types only from the calls' schemas (endpoints/ops/outbox-ops.ts), so the
// page carries no schema code.
import type { OpsResponseData, opsOutboxDead, opsOutboxDiscard, opsOutboxRetry } from '@tyd/protocol/schemas';
import { OPS_PATH, opsUrl } from '@tyd/protocol/wire';
import { opsRequest } from '../../../lib/ops-api';

export const opsOutbox = {
  dead: (signal?: AbortSignal) => opsRequest<OpsResponseData<typeof opsOutboxDead>>(OPS_PATH.outboxDead, { signal }),
  retry: (id: string) => opsRequest<OpsResponseData<typeof opsOutboxRetry>>(opsUrl(OPS_PATH.outboxRetry, { id }), { method: 'POST', body: {} }),
  discard: (id: string) => opsRequest<OpsResponseData<typeof opsOutboxDiscard>>(opsUrl(OPS_PATH.outboxDiscard, { id }), { method: 'POST', body: {} }),
};
