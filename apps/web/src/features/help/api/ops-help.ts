// The operators' help API (docs/api.md "Help and customer service"): plain JSON behind the operator's
// session, not a sealed product call, so not through the API client (lib/ops-api.ts). Paths from the zod-free wire entry, types only from the calls' schemas
// (endpoints/ops/help-ops.ts), so the page carries no schema code.
import type { OpsQuestion, OpsResponseData, opsHelpQuestions } from '@tyd/protocol/schemas';
import { OPS_PATH, opsUrl } from '@tyd/protocol/wire';
import { OpsApiError, opsRequest } from '../../../lib/ops-api';

export type OpsQuestionFilter = 'open' | 'answered' | 'all';

export const opsHelp = {
  questions: (status: OpsQuestionFilter, signal?: AbortSignal) =>
    opsRequest<OpsResponseData<typeof opsHelpQuestions>>(`${opsUrl(OPS_PATH.helpQuestions)}?status=${status}`, { signal }),
  async answer(id: string, answer: string): Promise<OpsQuestion> {
    try {
      return await opsRequest<OpsQuestion>(opsUrl(OPS_PATH.helpQuestionAnswer, { id }), { method: 'POST', body: { answer } });
    } catch (error) {
      // Someone else answered first (or this answer's earlier press did): say so in words.
      if (error instanceof OpsApiError && error.status === 409) throw new OpsApiError('refused', '该提问已被其他客服回复，请刷新查看。', 409);
      throw error;
    }
  },
};
