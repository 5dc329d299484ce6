// Login and registration in one step (docs/api.md), invite codes and profiles. No HTTP here: routes call these
// with the payload and the time, and send what they return.
import { CODE, SUBCODE, isMainlandMobile, maskPhone, readInviteCode } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { Executor } from '../../db/executor.js';
import type { Profile } from '../repositories/profiles-repository.js';
import type { SessionOrigin, SessionPlace } from '../repositories/sessions-repository.js';
import type { User } from '../repositories/users-repository.js';
import type { Accounts } from '../account-module.js';
import { SESSION_TTL_MS, generateAccessToken, hashAccessToken } from '../../lib/access-tokens.js';
import { generateInviteCode } from './invite-codes.js';
import { signInMessage } from './sign-in-notices.js';
import type { SmsDevice } from './sms-requester.js';

/** 4201 unless a mainland mobile number (1[3-9] + 9 digits). */
export function requireMainlandMobile(phone: string): string {
  if (!isMainlandMobile(phone)) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.PHONE_INVALID);
  return phone;
}

export interface LoginInput {
  phone: string;
  smsCode: string;
  agreementVersion: string | undefined;
  inviteCode: string | undefined;
  /** The request's devices: which SMS limits apply, and remembered as the owner's on success (sms-requester.ts). */
  device: SmsDevice;
  /** Where the sign-in comes from, for the welcome or new-device message (sign-in-notices.ts). */
  from: { clientAddress: string; userAgent: string | undefined };
  /** The same, as 登录设备管理 and 登录记录 show it (services/account-security.ts placeOf). */
  place: SessionPlace;
  now: number;
}

export interface LoginResult {
  accessToken: string;
  phone: string;
  isNewUser: boolean;
}

/**
 * Opens a session for a user: the token goes to the client once, only its hash is stored. The sign-in is
 * recorded with it (登录记录), in the same transaction.
 */
export async function openSession(
  deps: { repos: Pick<Accounts['repos'], 'sessions' | 'loginEvents'> },
  userId: string,
  signIn: { now: number; place: SessionPlace; method: 'sms' | 'authorized'; origin?: SessionOrigin },
  trx?: Executor,
): Promise<{ accessToken: string; sessionId: string }> {
  const { now, place, method, origin } = signIn;
  const accessToken = generateAccessToken();
  const session = await deps.repos.sessions.create({ userId, tokenHash: hashAccessToken(accessToken), now, ttlMs: SESSION_TTL_MS, place, origin }, trx);
  await deps.repos.loginEvents.record({ userId, at: now, result: 'success', method, place }, trx);
  return { accessToken, sessionId: session.id };
}

/** The user's profile, created on first use (accounts made before migration 2026-11-21-0500-accounts have none yet). */
export async function ensureProfile(
  deps: { repos: Pick<Accounts['repos'], 'profiles'> },
  userId: string,
  now: number,
  invitedBy: string | null = null,
  trx?: Executor,
): Promise<Profile> {
  const existing = await deps.repos.profiles.findByUserId(userId, trx);
  if (existing) return existing;
  // 40 random bits: a collision is rare; a few draws make a failure practically impossible.
  for (let i = 0; i < 8; i++) {
    const inviteCode = generateInviteCode();
    // Inserted: the profile is the row just written, not read back.
    if (await deps.repos.profiles.tryCreate({ userId, inviteCode, invitedBy, now }, trx)) return { userId, inviteCode, invitedBy, createdAt: now };
    const raced = await deps.repos.profiles.findByUserId(userId, trx);
    if (raced) return raced;
  }
  const created = await deps.repos.profiles.findByUserId(userId, trx);
  if (!created) throw new Error('could not draw a free invite code');
  return created;
}

/** The inviter's profile for a typed code, or 4211 / 4212 (the caller's own code). */
export async function findInviter(deps: { repos: Pick<Accounts['repos'], 'profiles'> }, input: string, callerId: string | undefined): Promise<Profile> {
  const code = readInviteCode(input);
  const profile = code ? await deps.repos.profiles.findByInviteCode(code) : undefined;
  if (!profile) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.INVITE_CODE_INVALID);
  if (profile.userId === callerId) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.INVITE_CODE_OWN);
  return profile;
}

/**
 * Log in, or register and log in. Every check that can fail runs before the code is spent, so
 * a missing agreement tick or a mistyped invite code does not cost the user their code.
 */
/** What login and registration work with. */
export type LoginDeps = Pick<Accounts, 'db' | 'outbox' | 'kv' | 'phones' | 'smsCodes' | 'smsOwners' | 'legal'> & {
  repos: Pick<Accounts['repos'], 'users' | 'profiles' | 'consents' | 'sessions' | 'loginEvents'>;
};

export async function loginWithSmsCode(deps: LoginDeps, input: LoginInput): Promise<LoginResult> {
  const phone = requireMainlandMobile(input.phone);
  const phoneKey = deps.phones.lookupHash(phone);
  const bucket = await deps.smsOwners.bucket({ phoneKey, sessionPhoneKey: undefined, device: input.device, now: input.now });
  const verified = await deps.smsCodes.verify(phoneKey, 'login', input.smsCode, input.now, bucket);
  // Only after the code proved possession of the phone does the answer depend on whether an account exists.
  const existing = await deps.repos.users.findByPhone(phone);
  const current = deps.legal.version;
  if (input.agreementVersion !== undefined ? input.agreementVersion !== current : !existing) {
    throw new ApiError(CODE.CONFLICT, SUBCODE.AGREEMENT_REQUIRED);
  }
  // A frozen account (docs/api.md "Customer-service desk") is told so only to whoever holds a code sent to its
  // number; the code is not spent.
  if (existing?.frozen) throw new ApiError(CODE.FORBIDDEN, SUBCODE.ACCOUNT_FROZEN);
  const inviter = !existing && input.inviteCode !== undefined ? await findInviter(deps, input.inviteCode, undefined) : undefined;
  await verified.consume();

  await deps.smsOwners.remember(phoneKey, input.device, input.now);
  // The welcome or the new-device reminder is written with the session (the outbox): a sign-in is never
  // left without the security message it owes.
  return deps.outbox.transaction(async (trx, emit) => {
    let user: User | undefined = existing;
    const isNewUser = !user;
    if (!user) {
      user = await deps.repos.users.create({ phone, now: input.now }, trx);
      await ensureProfile(deps, user.id, input.now, inviter?.userId ?? null, trx);
    }
    // A returning user ticks the box at every login; one record per version accepted is enough.
    if (input.agreementVersion !== undefined && (isNewUser || !(await deps.repos.consents.facts(user.id, current, trx)).accepted)) {
      await deps.repos.consents.record({ userId: user.id, version: current, decision: 'accepted', now: input.now }, trx);
    }
    const { accessToken } = await openSession(deps, user.id, { now: input.now, place: input.place, method: 'sms' }, trx);
    await emit('message', signInMessage({ isNewUser, ...input.from, now: input.now }), user.id);
    return { accessToken, phone: maskPhone(phone), isNewUser };
  });
}
