// POST /v1/user/certification-info (SPEC §7, docs/api.md "Identity certification"): the account's
// certification state with masked fields. Read quietly (no toast: the tiles on home and 我的 show a
// neutral entry when it fails), shared under one key so every tile and page sees the same answer.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { invalidateQuery, useQuery } from '../../../lib/server-state';

export type CertificationInfo = RefResponse<typeof API.certificationInfo>;

export const CERTIFICATION_INFO_KEY = 'certification-info';

export function getCertificationInfo(signal?: AbortSignal, unauthorized: 'handle' | 'ignore' = 'handle'): Promise<CertificationInfo> {
  return call(API.certificationInfo, {}, { signal, toastErrors: false, unauthorized });
}

/**
 * `enabled` false (logged out): nothing to ask. `unauthorized` 'ignore' for the tile on home and 我的, whose
 * own quiet login check decides what a stale token means (notices/api/message-unread.ts says why).
 */
export function useCertificationInfo(enabled = true, unauthorized: 'handle' | 'ignore' = 'handle') {
  return useQuery(enabled ? CERTIFICATION_INFO_KEY : null, (signal) => getCertificationInfo(signal, unauthorized), { staleTimeMs: 5_000 });
}

/** After a step changed the state on the server. */
export function refreshCertificationInfo(): void {
  invalidateQuery(CERTIFICATION_INFO_KEY);
}
