import { MAX_BATCH_BYTES, MAX_BATCH_RECORDS } from '@tyd/protocol/wire';
import { parseTelemetryBatch, parseTelemetryRecord, type TelemetryRecordInput } from '@tyd/protocol/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRecord } from './records';
import {
  COLLECT_URL,
  FLUSH_DELAY_MS,
  MAX_QUEUED_RECORDS,
  QUEUE_KEY,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  createSendQueue,
  retryDelay,
  splitBatches,
  type Sender,
} from './send-queue';

const T0 = 1_763_700_000_000;

function event(i: number, edText = ''): TelemetryRecordInput {
  return buildRecord({ kind: 'event', ei: 'test_event', et: 'click', en: `事件 ${i}`, purl: '/download', ed: edText ? { text: edText } : {} });
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { get: (key: string) => map.get(key) ?? null, set: (key: string, value: string) => void map.set(key, value), map };
}

interface Sent {
  via: 'beacon' | 'post' | 'post-keepalive';
  url: string;
  body: { project: string; sentAt: number; records: TelemetryRecordInput[] };
}

function fakeSender(opts: { beacon?: boolean | null; status?: number[]; retryAfterSeconds?: number } = {}) {
  const sent: Sent[] = [];
  const statuses = [...(opts.status ?? [])];
  const sender: Sender = {
    post: vi.fn(async (url: string, body: string, { keepalive }: { keepalive: boolean }) => {
      const status = statuses.length > 0 ? statuses.shift()! : 200;
      if (status === 0) throw new TypeError('Failed to fetch');
      sent.push({ via: keepalive ? 'post-keepalive' : 'post', url, body: JSON.parse(body) as Sent['body'] });
      return status === 429 && opts.retryAfterSeconds ? { status, retryAfterSeconds: opts.retryAfterSeconds } : { status };
    }),
  };
  if (opts.beacon !== null) {
    sender.beacon = (url, body) => {
      if (opts.beacon === false) return false;
      sent.push({ via: 'beacon', url, body: JSON.parse(body) as Sent['body'] });
      return true;
    };
  }
  return { sender, sent };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('batches (under 60 KB)', () => {
  it('keeps order, stays under MAX_BATCH_BYTES and MAX_BATCH_RECORDS, and every body passes the collector schema', () => {
    const records = Array.from({ length: 420 }, (_, i) => event(i, '字'.repeat(200)));
    const batches = splitBatches(records);
    expect(batches.length).toBeGreaterThan(3);
    expect(batches.flat().map((r) => r.id)).toEqual(records.map((r) => r.id));
    for (const batch of batches) {
      const body = JSON.stringify({ project: 'production', sentAt: T0, clockOffset: -123_456, records: batch });
      expect(new TextEncoder().encode(body).length).toBeLessThan(MAX_BATCH_BYTES);
      expect(batch.length).toBeLessThanOrEqual(MAX_BATCH_RECORDS);
      expect(parseTelemetryBatch(JSON.parse(body)).ok).toBe(true);
      for (const record of batch) expect(parseTelemetryRecord(record).ok).toBe(true);
    }
    expect(splitBatches(Array.from({ length: 450 }, (_, i) => event(i))).map((b) => b.length)).toEqual([200, 200, 50]);
  });

  it('drops a record the collector could never take (over 8 KB)', () => {
    const big = { ...event(1), ed: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'x'.repeat(1_000)])) } as TelemetryRecordInput;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      splitBatches([event(0), big, event(2)])
        .flat()
        .map((r) => r.en),
    ).toEqual(['事件 0', '事件 2']);
  });
});

describe('sending (beacon, fetch keepalive, retry queue)', () => {
  it('queues in localStorage first, then sends a burst as one batch by fetch while the page is shown, to /collect?project=production', async () => {
    const storage = memoryStorage();
    const { sender, sent } = fakeSender();
    const queue = createSendQueue({ storage, sender, clockOffset: () => 1_500, online: () => true });
    queue.push(event(1));
    queue.push(event(2));
    expect(JSON.parse(storage.map.get(QUEUE_KEY)!).records).toHaveLength(2);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ via: 'post', url: COLLECT_URL, body: { project: 'production', sentAt: T0 + FLUSH_DELAY_MS, clockOffset: 1_500 } });
    expect(sent[0]!.body.records.map((r) => r.en)).toEqual(['事件 1', '事件 2']);
    expect(COLLECT_URL).toBe('/collect?project=production');
    expect(queue.size()).toBe(0);
  });

  it('when the page goes away, a beacon (SPEC §7); fetch keepalive when the browser refuses the beacon', async () => {
    const beaconing = fakeSender();
    const leaving = createSendQueue({ storage: memoryStorage(), sender: beaconing.sender, clockOffset: () => 0, online: () => true });
    leaving.push(event(1));
    await leaving.flush(true);
    expect(beaconing.sent.map((s) => s.via)).toEqual(['beacon']);

    const { sender, sent } = fakeSender({ beacon: false });
    const queue = createSendQueue({ storage: memoryStorage(), sender, clockOffset: () => 0, online: () => true });
    queue.push(event(1));
    await queue.flush(true);
    expect(sent.map((s) => s.via)).toEqual(['post-keepalive']);
    expect(queue.size()).toBe(0);
  });

  it('keeps failed batches and retries with exponential backoff until they go through', async () => {
    const { sender, sent } = fakeSender({ beacon: null, status: [0, 503, 429, 200] });
    const queue = createSendQueue({ storage: memoryStorage(), sender, clockOffset: () => 0, online: () => true });
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter
    queue.push(event(1));
    await queue.flush(true); // network failure
    expect(queue.size()).toBe(1);
    expect(sender.post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS - 1);
    expect(sender.post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 2 s: 503
    expect(sender.post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * RETRY_BASE_MS - 1);
    expect(sender.post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // 4 s later: 429
    expect(sender.post).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4 * RETRY_BASE_MS); // 8 s later: 200
    expect(sender.post).toHaveBeenCalledTimes(4);
    expect(queue.size()).toBe(0);
    expect(sent.filter((s) => s.body.records.length > 0).map((s) => s.body.records[0]!.en)).toEqual(['事件 1', '事件 1', '事件 1']);
  });

  it('a record pushed while waiting to retry waits for the retry time', async () => {
    const { sender } = fakeSender({ beacon: null, status: [500] });
    const queue = createSendQueue({ storage: memoryStorage(), sender, clockOffset: () => 0, online: () => true });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    queue.push(event(1));
    await queue.flush(true);
    queue.push(event(2));
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS - 1);
    expect(sender.post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sender.post).toHaveBeenCalledTimes(2);
    expect(queue.size()).toBe(0);
  });

  it('drops a batch the collector refuses for good (4xx other than 408/429)', async () => {
    const { sender } = fakeSender({ beacon: null, status: [400] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const queue = createSendQueue({ storage: memoryStorage(), sender, clockOffset: () => 0, online: () => true });
    queue.push(event(1));
    await queue.flush(true);
    expect(queue.size()).toBe(0);
  });

  it('backoff doubles from 2 s, is capped at 5 min, and jitters ±20 %', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 0.5))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(30, 0.5)).toBe(RETRY_MAX_MS);
    expect(retryDelay(1, 0)).toBe(1_600);
    expect(retryDelay(1, 1)).toBe(2_400);
  });

  it('the queue is capped: the oldest records go first', async () => {
    const { sender } = fakeSender({ beacon: null, status: [0] });
    const storage = memoryStorage();
    const queue = createSendQueue({ storage, sender, clockOffset: () => 0, online: () => false });
    for (let i = 0; i < MAX_QUEUED_RECORDS + 20; i++) queue.push(event(i));
    expect(queue.size()).toBe(MAX_QUEUED_RECORDS);
    expect(JSON.parse(storage.map.get(QUEUE_KEY)!).records[0].en).toBe('事件 20');
  });

  it('offline: nothing is sent, the records wait', async () => {
    const { sender, sent } = fakeSender();
    let online = false;
    const queue = createSendQueue({ storage: memoryStorage(), sender, clockOffset: () => 0, online: () => online });
    queue.push(event(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([]);
    online = true;
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(sent).toHaveLength(1);
  });

  it('records left by an earlier page load are sent by the next one', async () => {
    const storage = memoryStorage();
    createSendQueue({ storage, sender: fakeSender({ beacon: null, status: [0] }).sender, clockOffset: () => 0, online: () => true }).push(event(1));
    const next = fakeSender();
    await createSendQueue({ storage, sender: next.sender, clockOffset: () => 0, online: () => true }).flush();
    expect(next.sent.map((s) => s.body.records.length)).toEqual([1]);
  });
});

describe('the collector asks to wait', () => {
  it('a 429 with Retry-After keeps the batch and tries again not before then, even when backoff would be sooner', async () => {
    const { sender, sent } = fakeSender({ beacon: null, status: [429, 200], retryAfterSeconds: 60 });
    const queue = createSendQueue({ storage: memoryStorage(), sender, clockOffset: () => 0, online: () => true });
    queue.push(event(1));
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sender.post).toHaveBeenCalledTimes(1);
    expect(queue.size()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sender.post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(sender.post).toHaveBeenCalledTimes(2);
    expect(queue.size()).toBe(0);
    expect(sent.map((s) => s.via)).toEqual(['post', 'post']);
  });

  it('while the page is shown a refused batch is never handed to a beacon, where its refusal would lose it', async () => {
    const { sender, sent } = fakeSender({ status: [429, 429] });
    const queue = createSendQueue({ storage: memoryStorage(), sender, clockOffset: () => 0, online: () => true });
    queue.push(event(1));
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.map((s) => s.via)).toEqual(['post']);
    expect(queue.size()).toBe(1);
  });
});
