// Sending analytics records to the collector (SPEC §7 "by beacon … with project production").
//  - Every record goes into a queue in localStorage first, so nothing is lost when the page dies
//    before it was sent; the queue is flushed a moment later (a burst goes out as one batch), at once
//    when the page is being hidden or left, and again on the next start.
//  - Batches stay under MAX_BATCH_BYTES (60 KB) and MAX_BATCH_RECORDS: the 64 KiB that browsers let
//    beacons and keepalive fetches have in flight.
//  - While the page is shown, batches go by fetch (text/plain: a CORS-safelisted type, no preflight),
//    whose answer is read: a batch that fails or is answered 5xx/408/429 stays queued and is
//    tried again with exponential backoff, not before the collector's Retry-After. When the page is
//    being hidden or left, navigator.sendBeacon (SPEC §7), which survives the unload but reports no
//    answer (a batch the collector refuses then is lost, so beacons are kept for that moment only,
//    docs/telemetry.md); a fetch then is a keepalive one, which survives the unload too. The queue is
//    capped (oldest records dropped first).
//  - Duplicates are harmless: ids are UUID v7 and the collector stores each id once (a batch can be sent
//    by two tabs sharing the queue, or again after a lost answer).
import { COLLECT_PATH, MAX_BATCH_BYTES, MAX_BATCH_RECORDS, MAX_RECORD_BYTES, TELEMETRY_PROJECT } from '@tyd/protocol/wire';
import { type TelemetryRecordInput } from '@tyd/protocol/schemas';

export const QUEUE_KEY = 'tyd.analytics.queue';
/** Most records kept while the collector cannot be reached (about 250 KB of localStorage). */
export const MAX_QUEUED_RECORDS = 500;
/** A burst of records (page-view, performance, vitals) within this window goes out as one batch. */
export const FLUSH_DELAY_MS = 1_000;
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 300_000;

export const COLLECT_URL = `${COLLECT_PATH}?project=${TELEMETRY_PROJECT}`;

interface QueueState {
  records: TelemetryRecordInput[];
  /** Failed sends in a row. */
  failures: number;
  /** Not before this time (ms since the epoch). */
  retryAt: number;
}

export interface QueueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** The collector's answer to a fetch: its status and, when it asks to wait, Retry-After in seconds. */
export interface CollectAnswer {
  status: number;
  retryAfterSeconds?: number;
}

export interface Sender {
  /** navigator.sendBeacon; false when the browser refused to queue it. Absent where there is none. */
  beacon?: (url: string, body: string) => boolean;
  /** fetch (`keepalive` while the page goes away); resolves with the answer, rejects on a network failure. */
  post: (url: string, body: string, options: { keepalive: boolean }) => Promise<CollectAnswer>;
}

/** Longest Retry-After honoured (the collector's daily quota asks to wait until midnight). */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** Exponential backoff with ±20 % jitter, so many phones coming back online do not retry in step. */
export function retryDelay(failures: number, random: number = Math.random()): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random));
}

/** The batch body (telemetryBatchSchema). */
export function batchBody(records: TelemetryRecordInput[], sentAt: number, clockOffset: number): string {
  return JSON.stringify({ project: TELEMETRY_PROJECT, sentAt, clockOffset, records });
}

/**
 * Splits records, in order, into batches whose body stays under MAX_BATCH_BYTES and MAX_BATCH_RECORDS.
 * A record bigger than the collector takes (MAX_RECORD_BYTES) is dropped: it could never be stored.
 */
export function splitBatches(records: TelemetryRecordInput[]): TelemetryRecordInput[][] {
  // Room for {"project":…,"sentAt":…,"clockOffset":…,"records":[]} around the records.
  const envelope = byteLength(batchBody([], Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER));
  const batches: TelemetryRecordInput[][] = [];
  let batch: TelemetryRecordInput[] = [];
  let size = envelope;
  for (const record of records) {
    const bytes = byteLength(JSON.stringify(record));
    if (bytes > MAX_RECORD_BYTES) {
      console.warn('analytics: record too large, dropped', record.ei);
      continue;
    }
    const added = bytes + (batch.length > 0 ? 1 : 0);
    if (batch.length > 0 && (size + added >= MAX_BATCH_BYTES || batch.length >= MAX_BATCH_RECORDS)) {
      batches.push(batch);
      batch = [];
      size = envelope;
    }
    size += bytes + (batch.length > 0 ? 1 : 0);
    batch.push(record);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Statuses worth another try: the collector was busy, limited us, or failed. */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export interface SendQueueOptions {
  storage: QueueStorage;
  sender: Sender;
  clockOffset: () => number;
  online?: () => boolean;
}

export interface SendQueue {
  push(record: TelemetryRecordInput): void;
  /** Sends what is due now (`urgent`: the page is going away, so no waiting for the burst window). */
  flush(urgent?: boolean): Promise<void>;
  /** Records waiting to be sent. */
  size(): number;
}

export function createSendQueue({ storage, sender, clockOffset, online = () => navigator.onLine !== false }: SendQueueOptions): SendQueue {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;

  function load(): QueueState {
    try {
      const state = JSON.parse(storage.get(QUEUE_KEY) ?? '') as QueueState;
      if (Array.isArray(state.records)) return { records: state.records, failures: state.failures | 0, retryAt: Number(state.retryAt) || 0 };
    } catch {
      // Nothing stored yet, or unreadable: start empty.
    }
    return { records: [], failures: 0, retryAt: 0 };
  }

  function save(state: QueueState) {
    storage.set(QUEUE_KEY, JSON.stringify({ ...state, records: state.records.slice(-MAX_QUEUED_RECORDS) }));
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), Math.max(0, delay));
  }

  /**
   * Sends one batch. done: delivered (or handed to a beacon), or refused for good; else retry, not
   * before `waitMs` when the collector said so.
   */
  async function sendBatch(body: string, urgent: boolean): Promise<{ done: boolean; waitMs?: number }> {
    if (urgent && sender.beacon?.(COLLECT_URL, body)) return { done: true };
    try {
      const { status, retryAfterSeconds } = await sender.post(COLLECT_URL, body, { keepalive: urgent });
      if (status >= 200 && status < 300) return { done: true };
      if (!retryable(status)) {
        console.warn('analytics: batch refused', status);
        return { done: true };
      }
      return { done: false, waitMs: retryAfterSeconds ? Math.min(MAX_RETRY_AFTER_MS, retryAfterSeconds * 1000) : undefined };
    } catch {
      return { done: false };
    }
  }

  async function flush(urgent = false): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (sending) return;
    const state = load();
    if (state.records.length === 0) return;
    const now = Date.now();
    if (!urgent && now < state.retryAt) return schedule(state.retryAt - now);
    if (!online()) return schedule(retryDelay(state.failures + 1));
    sending = true;
    const done = new Set<string>();
    let failed = false;
    let waitMs = 0;
    try {
      for (const batch of splitBatches(state.records)) {
        const result = await sendBatch(batchBody(batch, Date.now(), clockOffset()), urgent);
        if (result.done) batch.forEach((record) => done.add(record.id));
        else {
          failed = true;
          waitMs = result.waitMs ?? 0;
          break;
        }
      }
    } finally {
      sending = false;
    }
    // Re-read: records may have been pushed while the batches were in flight.
    const latest = load();
    const failures = failed ? latest.failures + 1 : 0;
    const retryAt = failed ? Date.now() + Math.max(retryDelay(failures), waitMs) : 0;
    const records = latest.records.filter((record) => !done.has(record.id) && byteLength(JSON.stringify(record)) <= MAX_RECORD_BYTES);
    save({ records, failures, retryAt });
    if (records.length > 0) schedule(failed ? retryAt - Date.now() : FLUSH_DELAY_MS);
  }

  return {
    push(record) {
      const state = load();
      state.records.push(record);
      save(state);
      if (timer === undefined) schedule(Math.max(FLUSH_DELAY_MS, state.retryAt - Date.now()));
    },
    flush,
    size: () => load().records.length,
  };
}
