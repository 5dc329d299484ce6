// The invitation rules over stand-in parts (the API tests run them end to end): the inviter is paid only
// when both ends are verified and are different people, and the database's once-per-person claim decides.
// The invitee's person comes with its invite-reward event (the invitee may be gone by then).
import { describe, expect, it, vi } from 'vitest';
import type { InvitationsDeps } from './invitations.js';
import { createInvitations } from './invitations.js';

function setup(keys: Record<string, string | null>, claimed = new Set<string>()) {
  const credits: Array<{ userId: string; amount: number; key: string }> = [];
  // The outbox's transaction, recording what would be emitted with the reward.
  const emitted: Array<{ topic: string; userId: string | null }> = [];
  const deps = {
    outbox: {
      transaction: (run: (trx: unknown, emit: (topic: string, payload: unknown, userId: string | null) => Promise<string>) => Promise<unknown>) =>
        run({}, async (topic, _payload, userId) => (emitted.push({ topic, userId }), 'ev_test')),
    },
    ledger: { credit: vi.fn(async (input: { userId: string; amount: number; key: string }) => (credits.push(input), true)) },
    rewards: {
      claim: vi.fn(async ({ inviteePersonKey }: { inviteePersonKey: string }) =>
        claimed.has(inviteePersonKey) ? false : (claimed.add(inviteePersonKey), true),
      ),
      rewardedAmong: async () => new Set<string>(),
      totals: async () => ({ rewarded: 0, points: 0 }),
    },
    personKey: async (userId: string) => keys[userId] ?? null,
    inviterOf: async (userId: string) => (userId === 'invitee' ? 'inviter' : null),
    inviteesOf: async (inviterId: string) => (inviterId === 'inviter' ? [{ userId: 'invitee', phone: '138****0000', registeredAt: 1 }] : []),
    rules: { inviteRewardPoints: 50 },
  } as unknown as InvitationsDeps;
  return { invitations: createInvitations(deps), credits, emitted };
}

describe('invitations', () => {
  const invitee = (personKey: string | null) => ({ userId: 'invitee', personKey });

  it('pays the inviter when both are verified different people, keyed by the invitee person', async () => {
    const { invitations, credits, emitted } = setup({ inviter: 'p-1' });
    await invitations.onInviteeVerified('inviter', invitee('p-2'), 10);
    expect(credits).toEqual([expect.objectContaining({ userId: 'inviter', amount: 50, key: 'invite:p-2' })]);
    expect(emitted).toEqual([{ topic: 'message', userId: 'inviter' }]);
  });

  it('pays from the invitee person the event carries, whatever the invitee account is now (deregistered)', async () => {
    const { invitations, credits } = setup({ inviter: 'p-1', invitee: null });
    await invitations.onInviteeVerified('inviter', invitee('p-2'), 10);
    expect(credits).toEqual([expect.objectContaining({ userId: 'inviter', key: 'invite:p-2' })]);
  });

  it('pays nothing when both accounts are the same person', async () => {
    const { invitations, credits } = setup({ inviter: 'p-1', invitee: 'p-1' });
    await invitations.onInviteeVerified('inviter', invitee('p-1'), 10);
    await invitations.onVerified('inviter', 10);
    expect(credits).toEqual([]);
  });

  it('waits while the inviter is unverified, and pays when the inviter is verified later', async () => {
    const keys: Record<string, string | null> = { inviter: null, invitee: 'p-2' };
    const { invitations, credits } = setup(keys);
    await invitations.onInviteeVerified('inviter', invitee('p-2'), 10);
    expect(credits).toEqual([]);
    keys.inviter = 'p-1';
    await invitations.onVerified('inviter', 20);
    expect(credits).toHaveLength(1);
  });

  it('pays its own inviter from a verified event only when asked (an event from before invite-reward)', async () => {
    const { invitations, credits } = setup({ inviter: 'p-1', invitee: 'p-2' });
    await invitations.onVerified('invitee', 10);
    expect(credits).toEqual([]);
    await invitations.onVerified('invitee', 10, { ownInviter: true });
    expect(credits).toEqual([expect.objectContaining({ userId: 'inviter', key: 'invite:p-2' })]);
  });

  it('pays nothing and posts nothing when the person was rewarded before', async () => {
    const { invitations, credits, emitted } = setup({ inviter: 'p-1', invitee: 'p-2' }, new Set(['p-2']));
    await invitations.onInviteeVerified('inviter', invitee('p-2'), 10);
    expect(credits).toEqual([]);
    expect(emitted).toEqual([]);
  });
});
