// What the metrics plugin (plugins/metrics.ts) publishes, made available before anything it measures is
// built: the registry, and wrappers that time the calls leaving the process, to Redis (the short-lived state)
// and to the providers (SMS, OCR, face, bank card), count SMS sent by purpose, the statements sent to the
// database, and the points the ledger grants and takes (docs/operations.md "Metrics"). Registered first;
// with metrics off (no METRICS_PORT) the wrappers return what they are given and the hooks are undefined,
// so nothing is measured and nothing costs.
//
// Labels are fixed words: the store, the operation, the provider kind and its mode (sandbox or http), the
// method name, the outcome (ok, or the error's name), the SMS purpose, the database engine, the ledger's
// direction and reason (its own enumeration). Never an argument: no phone number, code, image, SQL text
// or value can become a label.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PointsReason } from '@tyd/protocol';
import type { HttpConfig } from '../config/index.js';
import type { Engine } from '../db/connect.js';
import type { KvStore } from '../kv/kv-store.js';
import type { SmsProvider } from '../providers/sms/sms-provider.js';

export type ProviderKind = 'sms' | 'ocr' | 'face' | 'bank_card';

/** Which way points moved: credited, debited for something, or written off when their lot ran out. */
export type PointsDirection = 'granted' | 'spent' | 'expired';
/** Told of points the ledger moved, once the transaction that wrote the entry has committed. */
export type PointsRecorder = (direction: PointsDirection, reason: PointsReason, points: number) => void;

export interface Instruments {
  /** The registry /metrics serves; undefined when metrics are off. */
  readonly registry: Registry | undefined;
  /** The store (`state` or `requests`, on `redis` or in `memory`) with each call timed (`tyd_kv_operation_duration_seconds`). */
  store(name: 'state' | 'requests', backend: 'redis' | 'memory', store: KvStore): KvStore;
  /** The provider with each method call timed by outcome (`tyd_provider_call_duration_seconds`). */
  provider<T extends { readonly name: string }>(kind: ProviderKind, provider: T): T;
  /** The SMS provider timed as above, each message it took counted by purpose (`tyd_sms_sent_total`). */
  smsProvider(provider: SmsProvider): SmsProvider;
  /** Counts one statement sent to the database (`tyd_db_queries_total`); undefined when metrics are off. */
  readonly databaseQuery: ((engine: Engine) => () => void) | undefined;
  /** Counts points moved by the ledger (`tyd_points_total`); undefined when metrics are off. */
  readonly points: PointsRecorder | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    instruments: Instruments;
  }
}

/** Seconds; from an in-process or local Redis call (sub-millisecond) to a provider's 10 s timeout. */
const CALL_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const outcomeOf = (error: unknown) => (error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error');

/** Calls `run`, observing its time in seconds with the outcome; rethrows what it throws. */
async function timed<T>(observe: (outcome: string, seconds: number) => void, run: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const result = await run();
    observe('ok', seconds());
    return result;
  } catch (error) {
    observe(outcomeOf(error), seconds());
    throw error;
  }
}

/** `target` with every function property that returns a promise wrapped by `wrap(name, call)`. */
function wrapMethods<T extends object>(target: T, wrap: (method: string, call: () => Promise<unknown>) => Promise<unknown>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(object, args);
        return result instanceof Promise ? wrap(property, () => result) : result;
      };
    },
  });
}

export default fp(
  async (fastify: FastifyInstance, opts: { metrics: HttpConfig['metrics'] }) => {
    if (!opts.metrics) {
      fastify.decorate('instruments', {
        registry: undefined,
        store: (_name, _backend, store) => store,
        provider: (_kind, provider) => provider,
        smsProvider: (provider) => provider,
        databaseQuery: undefined,
        points: undefined,
      });
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const storeCalls = new Histogram({
      name: 'tyd_kv_operation_duration_seconds',
      help: 'Time of a short-lived state call (Redis with REDIS_URL, else in-process), by store, backend, operation and outcome',
      labelNames: ['store', 'backend', 'operation', 'outcome'] as const,
      buckets: CALL_BUCKETS,
      registers: [registry],
    });
    const providerCalls = new Histogram({
      name: 'tyd_provider_call_duration_seconds',
      help: 'Time of a provider call (SMS, OCR, face, bank card), by provider, mode, method and outcome (ok or the error)',
      labelNames: ['provider', 'mode', 'method', 'outcome'] as const,
      buckets: CALL_BUCKETS,
      registers: [registry],
    });
    const smsSent = new Counter({
      name: 'tyd_sms_sent_total',
      help: 'SMS codes the provider took, by purpose',
      labelNames: ['purpose'] as const,
      registers: [registry],
    });
    const databaseQueries = new Counter({
      name: 'tyd_db_queries_total',
      help: 'Statements sent to the database (BEGIN and COMMIT included, failed ones too), by engine',
      labelNames: ['engine'] as const,
      registers: [registry],
    });
    const pointsMoved = new Counter({
      name: 'tyd_points_total',
      help: 'Points the ledger moved, by direction (granted, spent, expired) and reason, counted once committed',
      labelNames: ['direction', 'reason'] as const,
      registers: [registry],
    });
    fastify.addHook('onClose', async () => registry.clear());

    const provider = <T extends { readonly name: string }>(kind: ProviderKind, target: T): T =>
      wrapMethods(target, (method, call) =>
        timed((outcome, seconds) => providerCalls.observe({ provider: kind, mode: target.name, method, outcome }, seconds), call),
      );
    fastify.decorate('instruments', {
      registry,
      store: (name, backend, store) =>
        wrapMethods(store, (operation, call) => timed((outcome, seconds) => storeCalls.observe({ store: name, backend, operation, outcome }, seconds), call)),
      provider,
      databaseQuery(engine) {
        const counter = databaseQueries.labels({ engine });
        return () => counter.inc();
      },
      points: (direction, reason, points) => pointsMoved.inc({ direction, reason }, points),
      smsProvider(target) {
        const timedProvider = provider('sms', target);
        return {
          name: target.name,
          async send(message) {
            await timedProvider.send(message);
            smsSent.inc({ purpose: message.purpose });
          },
        };
      },
    } satisfies Instruments);
  },
  { name: 'instruments', fastify: '5.x' },
);
