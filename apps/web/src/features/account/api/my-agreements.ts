// POST /v1/user/my-agreements (docs/api.md "Consent"): the documents accepted at login, each with the version
// the person agreed to and when, for 我的 > 协议与政策.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type AgreedDocument = RefResponse<typeof API.myAgreements>['items'][number];

export function getMyAgreements(signal?: AbortSignal): Promise<RefResponse<typeof API.myAgreements>> {
  return call(API.myAgreements, {}, { signal });
}

export function useMyAgreements() {
  return useQuery('my-agreements', getMyAgreements);
}
