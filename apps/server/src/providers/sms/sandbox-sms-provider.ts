// The sandbox provider (default outside production; config refuses it in production): nothing
// leaves the machine. Each message is kept in a bounded in-process outbox, readable at
// GET /sandbox/sms?phone=... (plugins/sms.ts), and announced in the server log WITHOUT its code: the log
// rules hold in every environment (never a code or a full phone number in a log line), so a developer reads
// the code from the outbox URL the log line names, or uses a configured fixed test number.
import { maskPhone } from '@tyd/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { smsText, type SmsMessage, type SmsProvider } from './sms-provider.js';

export interface OutboxEntry {
  purpose: SmsMessage['purpose'];
  code: string;
  text: string;
  sentAt: number;
}

export interface SandboxSmsProvider extends SmsProvider {
  readonly name: 'sandbox';
  /** Newest first. */
  outbox(phone: string): OutboxEntry[];
}

const PER_PHONE = 20;
const MAX_PHONES = 10_000;

export function createSandboxSmsProvider(opts: { log: FastifyBaseLogger; now?: () => number }): SandboxSmsProvider {
  const boxes = new Map<string, OutboxEntry[]>();
  const now = opts.now ?? Date.now;
  return {
    name: 'sandbox',
    async send(message) {
      const entry: OutboxEntry = { purpose: message.purpose, code: message.code, text: smsText(message), sentAt: now() };
      const box = boxes.get(message.phone) ?? [];
      box.unshift(entry);
      box.length = Math.min(box.length, PER_PHONE);
      boxes.delete(message.phone);
      boxes.set(message.phone, box);
      // Bounded: the least recently used phone's box goes first.
      if (boxes.size > MAX_PHONES) boxes.delete(boxes.keys().next().value as string);
      opts.log.info(
        { sms: { provider: 'sandbox', to: maskPhone(message.phone), purpose: message.purpose, text: smsText({ ...message, code: '******' }) } },
        'sandbox sms sent (not delivered); read it with GET /sandbox/sms?phone=<the full number>',
      );
    },
    outbox(phone) {
      return [...(boxes.get(phone) ?? [])];
    },
  };
}
