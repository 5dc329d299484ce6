// Telemetry storage and background work: the analytics, deep-link and answer-count repositories; the
// per-hour answer counter (every /tydApi answer: '200' or the code the error handler gives it), flushed
// every few seconds; and the daily retention prune. Timers are unref'd and stop on close; the counter's
// last counts are written before the database closes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TelemetryConfig } from '../config/index.js';
import { createAnswerCountsRepository, type AnswerCountsRepository } from './repositories/answer-counts-repository.js';
import { createDeepLinksRepository, type DeepLinksRepository } from './repositories/deep-links-repository.js';
import { createTelemetryRecordsRepository, type TelemetryRecordsRepository } from './repositories/telemetry-records-repository.js';
import { createAnswerCounter } from './services/answer-counter.js';
import { pruneTelemetry, schedulePrune } from './services/retention.js';
import { toApiError } from '../plugins/error-handler.js';

export interface TelemetryRepositories {
  records: TelemetryRecordsRepository;
  deepLinks: DeepLinksRepository;
  answerCounts: AnswerCountsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: TelemetryRepositories & {
      config: TelemetryConfig;
      flushAnswerCounts(): Promise<void>;
    };
  }
}

const FLUSH_MS = 10_000;
/** First prune a minute after start (not in the way of start-up), then daily. */
const FIRST_PRUNE_MS = 60_000;
const COUNTED_PREFIX = '/tydApi/';

export default fp(
  async (fastify: FastifyInstance, opts: { telemetry: TelemetryConfig }) => {
    const db = fastify.database.db;
    const repos: TelemetryRepositories = {
      records: createTelemetryRecordsRepository(db),
      deepLinks: createDeepLinksRepository(db),
      answerCounts: createAnswerCountsRepository(db),
    };
    const counter = createAnswerCounter(repos.answerCounts);
    const flush = async () => {
      try {
        await counter.flush();
      } catch (error) {
        fastify.log.warn({ err: error }, 'answer counts not written; kept for the next flush');
      }
    };
    const prune = async () => {
      try {
        const pruned = await pruneTelemetry(repos, opts.telemetry.retentionDays, fastify.clock());
        fastify.log.info({ records: pruned.records, answerCounts: pruned.answerCounts, retentionDays: opts.telemetry.retentionDays }, 'telemetry pruned');
      } catch (error) {
        fastify.log.warn({ err: error }, 'telemetry prune failed; next try tomorrow');
      }
    };

    // The code an answer carried, when it was an error (same mapping as the error handler: unknown -> 500).
    const failed = new WeakMap<FastifyRequest, { code: string; subcode: string | undefined }>();
    fastify.addHook('onError', async (request, _reply, error) => {
      const known = toApiError(error);
      failed.set(request, known ? { code: known.code, subcode: known.subcode } : { code: '500', subcode: undefined });
    });
    fastify.addHook('onResponse', async (request) => {
      // The route pattern, never the raw URL: bounded, and no query strings in the table.
      const path = request.routeOptions.url;
      if (!path?.startsWith(COUNTED_PREFIX)) return;
      const outcome = failed.get(request) ?? { code: '200', subcode: undefined };
      counter.record({ path, code: outcome.code, subcode: outcome.subcode, at: fastify.clock() });
    });

    const flushTimer = setInterval(() => void flush(), FLUSH_MS).unref();
    const stopPruning = schedulePrune(prune, FIRST_PRUNE_MS);
    fastify.addHook('onClose', async () => {
      clearInterval(flushTimer);
      stopPruning();
      await flush();
    });

    fastify.decorate('telemetry', { ...repos, config: opts.telemetry, flushAnswerCounts: flush });
  },
  { name: 'telemetry', fastify: '5.x', dependencies: ['database', 'error-handler', 'clock'] },
);
