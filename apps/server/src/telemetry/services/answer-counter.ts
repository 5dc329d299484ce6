// Counts API answers per hour, route, code and subcode in memory and adds them to the database every
// few seconds and on close (operations view: error codes per day, SMS codes sent vs verified).
// Batching keeps a flood of junk requests from turning into a database write per request; a crash
// loses at most one interval of counts, which an operations chart can afford.
import type { AnswerCount, AnswerCountsRepository } from '../repositories/answer-counts-repository.js';

const HOUR_MS = 3_600_000;

export interface AnswerCounter {
  record(answer: { path: string; code: string; subcode: string | undefined; at: number }): void;
  /** Writes what was counted since the last flush. On failure the counts are kept for the next one. */
  flush(): Promise<void>;
}

export function createAnswerCounter(repo: AnswerCountsRepository): AnswerCounter {
  let pending = new Map<string, AnswerCount>();
  const merge = (into: Map<string, AnswerCount>, c: AnswerCount) => {
    const key = `${c.hourStart}|${c.path}|${c.code}|${c.subcode}`;
    const existing = into.get(key);
    if (existing) existing.count += c.count;
    else into.set(key, { ...c });
  };
  return {
    record({ path, code, subcode, at }) {
      merge(pending, { hourStart: Math.floor(at / HOUR_MS) * HOUR_MS, path, code, subcode: subcode ?? '', count: 1 });
    },
    async flush() {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await repo.add([...batch.values()]);
      } catch (error) {
        for (const c of batch.values()) merge(pending, c);
        throw error;
      }
    },
  };
}
