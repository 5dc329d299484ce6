// POST /v1/user/ask-question (docs/api.md "Help and customer service"): leaves a question under the press's
// idempotency key, so a press resent after a lost answer finds the question it made (`repeated`) instead of
// asking twice. Refusals (4704 empty, 4705 too long, 4706 the day's questions used) come back as answers the
// form explains under the field, so nothing is toasted here.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { invalidateQuery } from '../../../lib/server-state';
import { MY_QUESTIONS_KEY } from './my-questions';

export type Asked = RefResponse<typeof API.askQuestion>;

export async function askOnce(text: string, idempotencyKey: string): Promise<ApiResponse<Asked>> {
  const answer = await request(API.askQuestion, { text, idempotencyKey }, { toastErrors: false });
  if (answer.code === '200') invalidateQuery(MY_QUESTIONS_KEY);
  return answer;
}
