// Who invited whom, for the rewards capability's invitations (docs/api.md "Invitations"): the inviter of an
// account (an active one only: a deregistered inviter's profile link is gone with it) and the accounts one
// account invited, with the phone masked (SPEC §3) — no other capability sees a phone number.
import { maskPhone } from '@tyd/protocol';
import type { Executor } from '../../db/executor.js';
import type { Accounts } from '../account-module.js';
import { ensureProfile } from './login.js';

export interface Invitee {
  userId: string;
  /** 3+4+4 masked (SPEC §3). */
  phone: string;
  registeredAt: number;
}

type Deps = { repos: Pick<Accounts['repos'], 'profiles' | 'users'> };

/** The account's own invite code (its profile is made on first use for accounts older than profiles). */
export async function inviteCodeOf(deps: Deps, userId: string, now: number): Promise<string> {
  return (await ensureProfile(deps, userId, now)).inviteCode;
}

/** The active account that invited this one, or null; read in `trx` when given (a transaction under way). */
export async function inviterOf(deps: Deps, userId: string, trx?: Executor): Promise<string | null> {
  const invitedBy = (await deps.repos.profiles.findByUserId(userId, trx))?.invitedBy ?? null;
  if (invitedBy === null) return null;
  return (await deps.repos.users.findById(invitedBy, trx))?.status === 'active' ? invitedBy : null;
}

/** The active accounts this one invited, newest first, strictly before the cursor position. */
export async function inviteesOf(deps: Deps, inviterId: string, before: { at: number; id: string } | undefined, limit: number): Promise<Invitee[]> {
  const found: Invitee[] = [];
  for (const profile of await deps.repos.profiles.listInvitees(inviterId, before, limit)) {
    const user = await deps.repos.users.findById(profile.userId);
    if (user?.status === 'active') found.push({ userId: user.id, phone: maskPhone(user.phone), registeredAt: profile.createdAt });
  }
  return found;
}
