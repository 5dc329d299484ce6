// POST /v1/index/exchange-points (docs/api.md "Vouchers and exchange"): points for one voucher. The
// idempotency key makes a resent press answer the same voucher (`repeated: true`) instead of exchanging
// again. Refusals (4801, 4804–4806 and the rest) come back as answers the confirm sheet shows in place,
// so nothing is toasted here.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type ExchangeResult = RefResponse<typeof API.exchangePoints>;

export function exchangeOnce(itemId: string, idempotencyKey: string): Promise<ApiResponse<ExchangeResult>> {
  return request(API.exchangePoints, { itemId, idempotencyKey }, { toastErrors: false });
}
