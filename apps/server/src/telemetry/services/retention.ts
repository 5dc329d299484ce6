// Old analytics rows are deleted after TELEMETRY_RETENTION_DAYS (a configurable
// retention, docs/operations.md): daily by the server (telemetry-module.ts) and on demand by the admin command.
import type { AnswerCountsRepository } from '../repositories/answer-counts-repository.js';
import type { TelemetryRecordsRepository } from '../repositories/telemetry-records-repository.js';
import { DAY_MS } from '@tyd/protocol';

export async function pruneTelemetry(
  repos: { records: TelemetryRecordsRepository; answerCounts: AnswerCountsRepository },
  retentionDays: number,
  now: number,
): Promise<{ records: number; answerCounts: number; before: number }> {
  const before = now - retentionDays * DAY_MS;
  const records = await repos.records.pruneReceivedBefore(before);
  const answerCounts = await repos.answerCounts.pruneBefore(before);
  return { records, answerCounts, before };
}

/**
 * Runs `prune` once after `firstMs`, then every `everyMs`, on unref'd timers (they never hold the process
 * open). Returns the function that stops it (the server calls it on close).
 */
export function schedulePrune(prune: () => Promise<void>, firstMs: number, everyMs: number = DAY_MS): () => void {
  let timer = setTimeout(function run() {
    timer = setTimeout(run, everyMs).unref();
    void prune();
  }, firstMs).unref();
  return () => clearTimeout(timer);
}
