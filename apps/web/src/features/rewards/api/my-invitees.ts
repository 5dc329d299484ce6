// POST /v1/user/my-invitees (docs/api.md "Invitations"): the caller's invite code, what an invitation
// earns, and the invited accounts (phones masked), newest first, 20 a page (lib/paged-list.ts).
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';
import { useQuery } from '../../../lib/server-state';

type InviteesAnswer = RefResponse<typeof API.myInvitees>;
/** An invited account; `id` only keys the list (the server names no account). */
export type Invitee = InviteesAnswer['items'][number] & { id: string };
export type InviteesPage = Omit<InviteesAnswer, 'items'> & { items: Invitee[] };

export const MY_INVITEES_KEY = 'my-invitees';

export async function getMyInvitees(cursor?: string, signal?: AbortSignal): Promise<InviteesPage> {
  const page = await call(API.myInvitees, cursor ? { cursor } : {}, { signal });
  return { ...page, items: page.items.map((item) => ({ ...item, id: `${item.registeredAt}-${item.phone}` })) };
}

export function useMyInvitees() {
  return usePagedList(MY_INVITEES_KEY, getMyInvitees);
}

/** The first page as answered (code, reward, totals): the same query as the list's first page, asked once. */
export function useInviteSummary() {
  return useQuery(MY_INVITEES_KEY, (signal) => getMyInvitees(undefined, signal));
}
