// What the invite landing on /login reads, without a session (docs/api.md "Invitations", "New-user gift"):
// verify-invite-code names whose code it is (the inviter's phone masked, never more) and what the inviter
// earns; new-user-gift-info, the gift a new account can claim once verified, which is what the invitee
// gets (an invitation itself pays only the inviter). Both quiet (no toast): the landing is an addition to
// the form, and without an answer the form stands on its own.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type InviteOrigin = RefResponse<typeof API.verifyInviteCode>;
export type GiftOffer = RefResponse<typeof API.newUserGiftInfo>;

export function useInviteOrigin(inviteCode: string) {
  return useQuery(['verify-invite-code', inviteCode], (signal) => call(API.verifyInviteCode, { inviteCode }, { signal, toastErrors: false }), {
    staleTimeMs: 60_000,
  });
}

/** The gift as a new visitor is offered it (state needs-login, or closed when operators emptied it). */
export function useGiftOffer() {
  return useQuery('invite-landing:new-user-gift', (signal) => call(API.newUserGiftInfo, {}, { signal, toastErrors: false }), { staleTimeMs: 60_000 });
}
