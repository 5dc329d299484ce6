// POST /v1/user/idcard-ocr (SPEC §7): reads one side of the ID card from a finished upload. Refusals
// (unreadable, a copy or a screen, the wrong side, an expired card, age limits) come back as the answer
// for the page to say beside the photo, where it says every failure of the photo's journey: nothing is
// toasted (inlineErrors), so the text is said once, where it belongs.
import { API, type ApiResponse, type IdCardSide, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type IdCardOcrResult = RefResponse<typeof API.idcardOcr>;

export function readIdCard(args: { uploadId: string; side: IdCardSide }): Promise<ApiResponse<IdCardOcrResult>> {
  return request(API.idcardOcr, args, { loading: '识别中…', inlineErrors: true });
}
