// Short-lived shared state (docs/operations.md "Short-lived state"): seen nonces, rate-limit and attempt counters, locks.
// One small interface, embedded by default (memory-kv.ts) and Redis when REDIS_URL is set (redis-kv.ts).

export interface SetOptions {
  /**
   * The entry must not be forgotten before it expires. An in-process store that forgets its oldest entries
   * when full (memory-kv.ts 'forget-oldest') holds such entries apart, in a share of its bound of their own,
   * and refuses a new one (KvCapacityError) when that share is full; every other store keeps every entry
   * anyway and ignores this.
   */
  keep?: boolean;
}

export interface KvStore {
  /** Stores `value` under `key` for `ttlMs` unless the key is live already. True when it was stored. */
  setIfAbsent(key: string, value: string, ttlMs: number, options?: SetOptions): Promise<boolean>;
  /**
   * Adds `by` (a positive integer, default one) to a counter atomically and returns the new value; the
   * first increment starts its `ttlMs` window. Byte budgets add a request's size in one step.
   */
  increment(key: string, ttlMs: number, by?: number): Promise<number>;
  /**
   * Takes `by` (a positive integer, default one) back from a live counter, atomically, never below zero and
   * never creating it; its window stays. For an amount reserved with `increment` and not used.
   */
  decrement(key: string, by?: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  /** Round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** In-process stores only: how full the store is (Redis bounds its own memory: maxmemory, noeviction). */
  usage?(): KvUsage;
  /**
   * In-process stores only: when the store was created. It remembers nothing written before (a restart),
   * so the API pipeline refuses request timestamps older than this (their nonces would be unknown).
   */
  readonly startedAt?: number;
  /**
   * In-process stores that forget their oldest entries when full (memory-kv.ts 'forget-oldest'): the latest
   * expiry among the live entries forgotten so far (-Infinity when none). A key about to be written with an
   * expiry no later than this may have been written before and forgotten, so a caller that needs "never
   * seen" (the nonce check) must refuse it.
   */
  forgottenThrough?(): number;
}

export interface KvUsage {
  /** Stored entries, including expired ones not reclaimed yet. */
  entries: number;
  maxEntries: number;
  /** What an insert into the full store does: refuse it (429), or forget the oldest entry. */
  whenFull: 'refuse' | 'forget-oldest';
  /** Live entries forgotten to make room since the store started ('forget-oldest' only; 0 otherwise). */
  forgottenLive: number;
  /** Entries written with `keep` ('forget-oldest' only), part of `entries`, and the share of the bound they may take. */
  keptEntries: number;
  maxKeptEntries: number;
}

/** A refusing embedded store is full of live entries: refusing is safer than forgetting an SMS lock or code. */
export class KvCapacityError extends Error {
  override readonly name = 'KvCapacityError';
}
