// `npm run admin -- telemetry prune`: deletes analytics rows older than TELEMETRY_RETENTION_DAYS now,
// as the server's daily timer does (docs/operations.md TELEMETRY_RETENTION_DAYS).
import type { TelemetryConfig } from '../config/index.js';
import type { AnswerCountsRepository } from '../telemetry/repositories/answer-counts-repository.js';
import type { TelemetryRecordsRepository } from '../telemetry/repositories/telemetry-records-repository.js';
import { pruneTelemetry } from '../telemetry/services/retention.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const TELEMETRY_USAGE = 'telemetry prune   (deletes analytics rows older than TELEMETRY_RETENTION_DAYS)';

export async function runTelemetry(
  args: string[],
  deps: { records: TelemetryRecordsRepository; answerCounts: AnswerCountsRepository; config: TelemetryConfig },
  out: CliOutput,
  now: number,
): Promise<number> {
  if (args.length !== 1 || args[0] !== 'prune') throw new UsageError(`unknown telemetry action: ${args.join(' ') || '(none)'}`);
  const pruned = await pruneTelemetry(deps, deps.config.retentionDays, now);
  out.json({
    pruned: { records: pruned.records, answerCounts: pruned.answerCounts },
    receivedBefore: new Date(pruned.before).toISOString(),
    retentionDays: deps.config.retentionDays,
  });
  return 0;
}
