// `npm run admin -- outbox list|dead|retry|discard` (docs/operations.md "The outbox"): the events still
// being tried, the dead ones (parked after OUTBOX_MAX_ATTEMPTS failures), making some or all of them due
// now, and discarding dead ones. A server's worker delivers what is due within OUTBOX_POLL_MS; this command
// delivers nothing itself, since only the server handles every topic.
import type { OutboxRepository, OutboxRow } from '../outbox/outbox-repository.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const OUTBOX_USAGE = `outbox list [--limit N]          (undelivered events still being tried, oldest first, as JSON lines; the backlog on stderr)
outbox dead [--limit N]          (dead events, parked after OUTBOX_MAX_ATTEMPTS failures, as JSON lines)
outbox retry <id>... | --all     (makes these undelivered events, dead ones included, due now; a server delivers them)
outbox discard <id>...           (deletes these dead events, so nothing is delivered; prints each as it was)`;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const EVENT_ID = /^ev_[A-Za-z0-9_-]{16}$/;

/** An event as a JSON line; the payload is left out: it may hold a message's text, which is the user's. */
const line = (row: OutboxRow) => ({
  id: row.id,
  topic: row.topic,
  userId: row.user_id,
  attempts: row.attempts,
  createdAt: iso(row.created_at),
  nextAttemptAt: iso(row.next_attempt_at),
  leasedUntil: iso(row.locked_until),
  deadAt: iso(row.dead_at),
  lastError: row.last_error,
});

function limitOf(action: string, rest: string[]): number {
  if (rest.length === 0) return 100;
  const value = rest[0] === '--limit' && rest.length === 2 ? Number(rest[1]) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > 10_000) throw new UsageError(`outbox ${action}: --limit takes a whole number from 1 to 10000`);
  return value;
}

function eventIds(action: string, rest: string[]): string[] {
  if (rest.some((id) => !EVENT_ID.test(id))) throw new UsageError(`outbox ${action}: an event id looks like ev_ and 16 characters`);
  return rest;
}

export async function runOutbox(args: string[], repo: OutboxRepository, out: CliOutput, now: number): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list') {
    for (const row of await repo.pending(limitOf(action, rest))) out.json(line(row));
    const backlog = await repo.backlog();
    out.error(
      `outbox: ${backlog.depth} undelivered, ${backlog.failing} failing, oldest ${backlog.oldestAt === null ? '-' : `${Math.round((now - backlog.oldestAt) / 1000)} s old`}, ${backlog.dead} dead`,
    );
    return 0;
  }
  if (action === 'dead') {
    for (const row of await repo.deadEvents(limitOf(action, rest))) out.json(line(row));
    return 0;
  }
  if (action === 'retry') {
    if (rest.length === 0) throw new UsageError('outbox retry: event ids, or --all');
    const all = rest.length === 1 && rest[0] === '--all';
    out.json({ retried: await repo.retryNow(all ? 'all' : eventIds(action, rest), now) });
    return 0;
  }
  if (action === 'discard') {
    if (rest.length === 0) throw new UsageError('outbox discard: the ids of dead events (outbox dead lists them)');
    const ids = eventIds(action, rest);
    // Each event deleted is printed as it was, so the operator keeps a record of what nobody will get.
    const discarded = await repo.discard(ids);
    for (const row of discarded) out.json(line(row));
    const left = ids.filter((id) => !discarded.some((row) => row.id === id));
    out.error(`outbox: ${discarded.length} discarded${left.length > 0 ? `; not dead (or not there), left alone: ${left.join(' ')}` : ''}`);
    return left.length > 0 ? 1 : 0;
  }
  throw new UsageError(`unknown outbox action: ${args.join(' ') || '(none)'}`);
}
