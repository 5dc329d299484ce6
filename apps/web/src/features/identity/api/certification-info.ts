// POST /v1/user/certification-info (SPEC §7, docs/api.md "Identity certification"): the account's
// certification state with masked fields. Read quietly (no toast: the tiles on home and 我的 show a
// neutral entry when it fails), shared under one key so every tile and page sees the same answer.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { invalidateQuery, useQuery } from '../../../lib/server-state';

export type CertificationInfo = RefResponse<typeof API.certificationInfo>;

export const CERTIFICATION_INFO_KEY = 'certification-info';

export function getCertificationInfo(signal?: AbortSignal): Promise<CertificationInfo> {
  return call(API.certificationInfo, {}, { signal, toastErrors: false });
}

/** `enabled` false (logged out): nothing to ask. */
export function useCertificationInfo(enabled = true) {
  return useQuery(enabled ? CERTIFICATION_INFO_KEY : null, getCertificationInfo, { staleTimeMs: 5_000 });
}

/** After a step changed the state on the server. */
export function refreshCertificationInfo(): void {
  invalidateQuery(CERTIFICATION_INFO_KEY);
}
