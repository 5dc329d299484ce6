// `npm run admin -- outbox list|retry` (docs/operations.md "The outbox"): the events not delivered yet,
// and making some or all of them due now. A server's worker delivers them within OUTBOX_POLL_MS; this
// command delivers nothing itself, since only the server handles every topic.
import type { OutboxRepository } from '../outbox/outbox-repository.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const OUTBOX_USAGE = `outbox list [--limit N]      (undelivered events, oldest first, as JSON lines; the backlog on stderr)
outbox retry <id>... | --all (makes these undelivered events due now; a server delivers them)`;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function runOutbox(args: string[], repo: OutboxRepository, out: CliOutput, now: number): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list') {
    let limit = 100;
    if (rest.length > 0) {
      const value = rest[0] === '--limit' && rest.length === 2 ? Number(rest[1]) : Number.NaN;
      if (!Number.isInteger(value) || value < 1 || value > 10_000) throw new UsageError('outbox list: --limit takes a whole number from 1 to 10000');
      limit = value;
    }
    // The payload is left out: it may hold a message's text, which is the user's.
    for (const row of await repo.pending(limit)) {
      out.json({
        id: row.id,
        topic: row.topic,
        userId: row.user_id,
        attempts: row.attempts,
        createdAt: iso(row.created_at),
        nextAttemptAt: iso(row.next_attempt_at),
        leasedUntil: iso(row.locked_until),
        lastError: row.last_error,
      });
    }
    const backlog = await repo.backlog();
    out.error(
      `outbox: ${backlog.depth} undelivered, ${backlog.failing} failing, oldest ${backlog.oldestAt === null ? '-' : `${Math.round((now - backlog.oldestAt) / 1000)} s old`}`,
    );
    return 0;
  }
  if (action === 'retry') {
    if (rest.length === 0) throw new UsageError('outbox retry: event ids, or --all');
    const all = rest.length === 1 && rest[0] === '--all';
    if (!all && rest.some((id) => !/^ev_[A-Za-z0-9_-]{16}$/.test(id))) throw new UsageError('outbox retry: an event id looks like ev_ and 16 characters');
    out.json({ retried: await repo.retryNow(all ? 'all' : rest, now) });
    return 0;
  }
  throw new UsageError(`unknown outbox action: ${args.join(' ') || '(none)'}`);
}
