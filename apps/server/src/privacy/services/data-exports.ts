// The copy of one's personal information (PIPL art. 45; docs/api.md "Personal information"). Asking needs
// a fresh SMS code of purpose 'export-data' to the account's phone (the owner's bucket: a session of that
// phone, sms-requester.ts), and gives a grant: a random 128-bit id bound to the account AND the session
// that asked, live for PRIVACY_EXPORT_TTL_MINUTES. The copy is built only when the grant is fetched, from
// what the account holds then, and handed out once: no copy of anyone's data is ever stored apart from
// the data itself, so there is nothing extra to protect, prune or erase at deregistration.
//
// Races: a code is spent once (sms-codes.ts consume is a set-if-absent), the day's count is an atomic
// increment decided on its own result, and fetching claims the grant with a set-if-absent, so parallel
// requests build at most one copy per grant and never pass the daily limit.
import { randomBytes } from 'node:crypto';
import { CODE, DAY_MS, SUBCODE, chinaDay, chinaDayEnd, type PersonalDataExport } from '@tyd/protocol';
import type { PrivacyConfig } from '../../config/index.js';
import { ApiError } from '../../http/api-error.js';
import type { KvStore } from '../../kv/kv-store.js';
import type { SmsCodes, User } from '../../account/account-module.js';
import type { PersonalData } from './personal-data.js';

interface Grant {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

/** Grants and their used markers are kept a day, so a link opened after its lifetime says it expired (4243). */
const GRANT_KEEP_MS = DAY_MS;

export interface DataExportsDeps {
  kv: Pick<KvStore, 'get' | 'increment' | 'setIfAbsent'>;
  smsCodes: Pick<SmsCodes, 'verify'>;
  /** The phone's lookup hash, as the SMS codes are filed under it. */
  phoneKey: (phone: string) => string;
  personalData: Pick<PersonalData, 'export'>;
  rules: PrivacyConfig;
}

const notFound = () => new ApiError(CODE.NOT_FOUND, SUBCODE.DATA_EXPORT_NOT_FOUND, { detail: 'no export of this session with this id' });

export function createDataExports(deps: DataExportsDeps) {
  const { kv, rules } = deps;
  const countKey = (userId: string, now: number) => `privacy:exports:${userId}:${chinaDay(now)}`;
  const grantKey = (exportId: string) => `privacy:export:${exportId}`;
  const usedKey = (exportId: string) => `privacy:export-used:${exportId}`;
  const dailyLimit = (now: number) =>
    new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.DATA_EXPORT_DAILY_LIMIT, {
      data: { retryAfterSeconds: Math.max(1, Math.ceil((chinaDayEnd(chinaDay(now)) - now) / 1000)) },
    });

  async function usedToday(userId: string, now: number): Promise<number> {
    return Number((await kv.get(countKey(userId, now))) ?? 0);
  }

  return {
    /** perDay, leftToday and ttlSeconds for the page (personal-info-list). */
    async allowance(userId: string, now: number) {
      return {
        perDay: rules.exportsPerDay,
        leftToday: Math.max(0, rules.exportsPerDay - (await usedToday(userId, now))),
        ttlSeconds: Math.round(rules.exportTtlMs / 1000),
      };
    },

    /**
     * Checks the day's count (4241 before the code is spent), the code (4202/4203/4204), spends it, counts
     * the copy atomically (4241 when a parallel request took the last one), and grants an export.
     */
    async request(user: User, sessionId: string, smsCode: string, now: number) {
      if ((await usedToday(user.id, now)) >= rules.exportsPerDay) throw dailyLimit(now);
      const verified = await deps.smsCodes.verify(deps.phoneKey(user.phone), 'export-data', smsCode, now, 'owner');
      await verified.consume();
      const count = await kv.increment(countKey(user.id, now), DAY_MS + 3_600_000);
      if (count > rules.exportsPerDay) throw dailyLimit(now);
      const exportId = `x_${randomBytes(16).toString('base64url')}`;
      const expiresAt = now + rules.exportTtlMs;
      const grant: Grant = { userId: user.id, sessionId, expiresAt };
      if (!(await kv.setIfAbsent(grantKey(exportId), JSON.stringify(grant), GRANT_KEEP_MS))) throw new Error('export id collision');
      return { exportId, expiresAt, leftToday: Math.max(0, rules.exportsPerDay - count) };
    },

    /**
     * The copy, once. Another account's or another session's id answers exactly as an unknown one (4242): the
     * grant is looked up by id and then held against the session, so nothing tells whether it exists. Then
     * expired (4243), then fetched already (4244, decided by a set-if-absent: one of parallel fetches wins).
     */
    async download(user: User, sessionId: string, exportId: string, now: number): Promise<PersonalDataExport> {
      const text = await kv.get(grantKey(exportId));
      const grant = text ? (JSON.parse(text) as Grant) : undefined;
      if (!grant || grant.userId !== user.id || grant.sessionId !== sessionId) throw notFound();
      if (grant.expiresAt <= now) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.DATA_EXPORT_EXPIRED);
      if (!(await kv.setIfAbsent(usedKey(exportId), String(now), GRANT_KEEP_MS))) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.DATA_EXPORT_USED);
      return deps.personalData.export(user, sessionId, exportId, now);
    },
  };
}

export type DataExports = ReturnType<typeof createDataExports>;
