// POST /v1/user/request-data-export (docs/api.md "Personal information"; PIPL art. 45): a copy of one's data
// after a fresh SMS code of purpose 'export-data'. Refusals (a wrong code, the day's copies used: 4241) go
// back to the page, which says them at the code field or in the card; nothing is toasted here.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { invalidateQuery } from '../../../lib/server-state';
import { PERSONAL_INFO_KEY } from './personal-info-list';

export type ExportGrant = RefResponse<typeof API.requestDataExport>;

export async function requestDataExport(smsCode: string): Promise<ApiResponse<ExportGrant>> {
  const answer = await request(API.requestDataExport, { smsCode }, { loading: '提交中…', toastErrors: false });
  // The copies left today changed (or were found used up).
  invalidateQuery(PERSONAL_INFO_KEY);
  return answer;
}
