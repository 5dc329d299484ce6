// POST /v1/user/my-questions (docs/api.md "Help and customer service"): the account's own questions,
// newest first, with their answers, by cursor.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

export type Question = RefResponse<typeof API.myQuestions>['items'][number];
export const MY_QUESTIONS_KEY = 'my-questions';

export function useMyQuestions(enabled: boolean) {
  // The first page's failure is shown in the list (inline, with 重试); a further page's is toasted.
  return usePagedList(enabled ? MY_QUESTIONS_KEY : null, (cursor, signal) =>
    call(API.myQuestions, cursor ? { cursor } : {}, { signal, ...(!cursor && { inlineErrors: true }) }),
  );
}
