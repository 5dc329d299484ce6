// 账户与安全 (docs/api.md "Account security"): the account's live sessions as devices, 下线 of one or all
// others, where each was last used, and the sign-in records of the last LOGIN_RECORD_DAYS. No HTTP here:
// routes pass the session, the payload and the time. Every rule reads only the calling session's account:
// an id of another account's session is answered exactly as an id that does not exist (404/4231).
import { CODE, SUBCODE, type EndpointResponseData, type loginDevices } from '@tyd/protocol';
import type { Executor } from '../../db/executor.js';
import { ApiError } from '../../http/api-error.js';
import { DEFAULT_PAGE_SIZE, type ListCursors } from '../../lib/list-cursor.js';
import type { Accounts } from '../account-module.js';
import type { LoginEventMethod, LoginEventResult } from '../repositories/login-events-repository.js';
import type { Session, SessionPlace } from '../repositories/sessions-repository.js';
import { describeDevice } from './device-description.js';
import { maskAddress, type IpRegions } from './ip-regions.js';
import { LOGIN_RECORD_MS } from './session-housekeeping.js';

/** What a request says about where it comes from (the client's word, except the address). */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
  clientInfo: string | undefined;
  appId: string | undefined;
}

export function placeOf(ipRegions: IpRegions, origin: RequestOrigin): SessionPlace {
  return { ...describeDevice(origin), ...ipRegions.describe(origin.ip) };
}

/** A session's last activity is kept to the minute: one write a minute at most, not one per call. */
export const ACTIVITY_RESOLUTION_MS = 60_000;

/** Notes a call of `session`: when the minute has turned since the last note, or the address moved. */
export async function noteActivity(
  deps: { repos: Pick<Accounts['repos'], 'sessions'>; ipRegions: IpRegions },
  session: Session,
  ip: string,
  now: number,
): Promise<void> {
  if (now - session.lastActiveAt < ACTIVITY_RESOLUTION_MS && maskAddress(ip) === session.address) return;
  const { region, address } = deps.ipRegions.describe(ip);
  await deps.repos.sessions.touch(session.id, { now, region, address });
}

type Device = EndpointResponseData<typeof loginDevices>['devices'][number];

/** The account's live sessions: this one first (本机), then the most recently used. */
export async function listDevices(deps: { repos: Pick<Accounts['repos'], 'sessions'> }, current: Session, now: number): Promise<Device[]> {
  const sessions = await deps.repos.sessions.listLive(current.userId, now);
  return sessions
    .map((s): Device => ({
      id: s.id,
      device: s.device,
      client: s.client,
      clientName: s.clientName,
      region: s.region,
      address: s.address,
      firstActiveAt: s.createdAt,
      lastActiveAt: s.id === current.id ? Math.max(s.lastActiveAt, now) : s.lastActiveAt,
      current: s.id === current.id,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt - a.lastActiveAt || (a.id < b.id ? -1 : 1));
}

type EndingDeps = Pick<Accounts, 'db'> & { repos: Pick<Accounts['repos'], 'sessions'> };

/**
 * Runs `work` for a caller that is still live when it runs. Two devices of one account pressing 下线 at the
 * same moment must not end each other both: each takes the account's lock first (the users row, then
 * sessions: the lock order), so the second runs after the first has committed and, if the first ended it,
 * is refused 401/4012 like any later call of an ended session.
 */
async function asLiveCaller<T>(deps: EndingDeps, current: Session, work: (trx: Executor) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    await deps.repos.sessions.lockAccount(current.userId, trx);
    const caller = await deps.repos.sessions.findById(current.id, trx);
    if (!caller || caller.revokedAt !== null) {
      throw new ApiError(CODE.UNAUTHORIZED, caller?.endedReason === 'other-device' ? SUBCODE.SIGNED_OUT_ELSEWHERE : undefined, {
        detail: 'session ended while its 下线 waited',
      });
    }
    return work(trx);
  });
}

/**
 * 下线 of another session of the account. One conditional update decides: not live, not this account's, or
 * never there all end nothing and answer 404/4231 alike, and of two presses at once one ends it and the
 * other is told it is already gone.
 */
export async function endDevice(deps: EndingDeps, current: Session, deviceId: string, now: number): Promise<void> {
  if (deviceId === current.id) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.DEVICE_IS_CURRENT);
  const ended = await asLiveCaller(deps, current, (trx) =>
    deps.repos.sessions.endOwn({ userId: current.userId, id: deviceId, exceptId: current.id, now }, trx),
  );
  if (!ended) throw new ApiError(CODE.NOT_FOUND, SUBCODE.DEVICE_NOT_FOUND, { detail: 'no live session of this account by that id' });
}

/** 下线其他所有设备: how many were live. */
export async function endOtherDevices(deps: EndingDeps, current: Session, now: number): Promise<number> {
  return asLiveCaller(deps, current, (trx) => deps.repos.sessions.endOthers({ userId: current.userId, exceptId: current.id, now }, trx));
}

/** The account's records of the last LOGIN_RECORD_DAYS, newest first; the cursor is bound to the account. */
export async function listLoginRecords(
  deps: { repos: Pick<Accounts['repos'], 'loginEvents'>; cursors: ListCursors },
  userId: string,
  input: { cursor?: string; limit?: number },
  now: number,
) {
  const list = `login-records:${userId}`;
  const after = deps.cursors.decode(input.cursor, list);
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const events = await deps.repos.loginEvents.listOwn(userId, { since: now - LOGIN_RECORD_MS, after, limit: limit + 1 });
  const page = deps.cursors.pageOf(events, limit, list, (event) => ({ at: event.at, id: event.id }));
  return { items: page.rows, nextCursor: page.nextCursor };
}

/** Refused attempts kept per account and clock hour: a stranger who knows the number cannot flood its records. */
export const REFUSALS_KEPT_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

const REFUSAL_RESULTS: Readonly<Record<string, LoginEventResult>> = {
  [SUBCODE.SMS_CODE_WRONG]: 'code-wrong',
  [SUBCODE.SMS_CODE_EXPIRED]: 'code-expired',
  [SUBCODE.SMS_VERIFY_LOCKED]: 'locked',
  [SUBCODE.ACCOUNT_FROZEN]: 'frozen',
};

/** The record a refused login code leaves, or undefined when the refusal is not about the code. */
export function refusalResult(error: unknown): LoginEventResult | undefined {
  return error instanceof ApiError && error.subcode !== undefined ? REFUSAL_RESULTS[error.subcode] : undefined;
}

/**
 * Records a refused login code against the account of `phone`, if there is one. The caller does not wait
 * for it before answering (routes/login.ts), so the answer takes as long whether or not the number has an
 * account.
 */
export async function recordRefusedCode(
  deps: { repos: Pick<Accounts['repos'], 'users' | 'loginEvents'>; kv: Accounts['kv'] },
  input: { phone: string; result: LoginEventResult; place: SessionPlace; now: number },
): Promise<void> {
  const user = await deps.repos.users.findByPhone(input.phone);
  if (!user) return;
  await recordRefusal(deps, { userId: user.id, result: input.result, method: 'sms', place: input.place, now: input.now });
}

/** Records a refused sign-in of an account, within the account's hourly budget of refusals kept. */
export async function recordRefusal(
  deps: { repos: Pick<Accounts['repos'], 'loginEvents'>; kv: Accounts['kv'] },
  input: { userId: string; result: LoginEventResult; method: LoginEventMethod; place: SessionPlace; now: number },
  trx?: Executor,
): Promise<void> {
  const hour = Math.floor(input.now / HOUR_MS);
  if ((await deps.kv.increment(`login-refusals:${input.userId}:${hour}`, HOUR_MS + 60_000)) > REFUSALS_KEPT_PER_HOUR) return;
  await deps.repos.loginEvents.record({ userId: input.userId, at: input.now, result: input.result, method: input.method, place: input.place }, trx);
}
