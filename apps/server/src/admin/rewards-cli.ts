// `npm run admin -- rewards …` (docs/operations.md "The admin command"): operators grant points and set
// the lucky draw's prizes. Every prize change is kept with the operator's name and the time
// (reward_changes); a grant is a ledger entry with its own idempotency key, so running the same grant
// twice with --key gives the points once.
import { randomBytes } from 'node:crypto';
import { isMainlandMobile, maskPhone } from '@tyd/protocol';
import type { PrizeChange } from '../rewards/repositories/prizes-repository.js';
import type { createRewardsAdmin } from '../rewards/rewards-module.js';
import { UsageError, type CliOutput } from './cli-output.js';
import { GIFT_USAGE, runGift } from './gift-cli.js';

export const REWARDS_USAGE = [
  'rewards grant <phone> <points> [--key K]      (operator grant; the same --key grants once)',
  'rewards prizes                                 (the prize table)',
  'rewards prize <id> --operator NAME [--name N] [--points P] [--weight W] [--stock S|unlimited] [--active yes|no]',
  'rewards prize-history <id>',
  GIFT_USAGE,
].join('\n');

type RewardsAdmin = ReturnType<typeof createRewardsAdmin>;

function options(args: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (!name?.startsWith('--') || value === undefined) throw new UsageError(`rewards: expected --option value pairs, got ${name ?? '(nothing)'}`);
    found.set(name.slice(2), value);
  }
  return found;
}

const wholeNumber = (text: string, name: string, min: number, max: number): number => {
  if (!/^[0-9]{1,10}$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`rewards: ${name} must be a whole number ${min}..${max}`);
  return Number(text);
};

export async function runRewards(
  args: string[],
  deps: RewardsAdmin & { findUserId(phone: string): Promise<string | undefined> },
  out: CliOutput,
  now: number,
): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'gift' || action === 'gift-set' || action === 'gift-claims') return runGift(action, rest, deps, out, now);
  if (action === 'grant') {
    const [phone, amountText, ...more] = rest;
    if (!isMainlandMobile(phone) || amountText === undefined) throw new UsageError('rewards grant: a mainland mobile number and a number of points expected');
    const amount = wholeNumber(amountText, 'points', 1, 1_000_000);
    const key = options(more).get('key') ?? `operator:${randomBytes(12).toString('base64url')}`;
    const userId = await deps.findUserId(phone);
    if (!userId) {
      out.error(`no active account for ${maskPhone(phone)}`);
      return 1;
    }
    const granted = await deps.db.transaction().execute((trx) => deps.ledger.credit({ userId, amount, reason: 'operator-grant', key: `grant:${key}`, now }, trx));
    out.json({ phone: maskPhone(phone), points: amount, granted, balance: await deps.points.balance(userId) });
    return 0;
  }
  if (action === 'prizes' && rest.length === 0) {
    for (const prize of await deps.prizes.listAll()) out.json(prize);
    return 0;
  }
  if (action === 'prize') {
    const [id, ...more] = rest;
    if (!id || id.startsWith('--')) throw new UsageError('rewards prize: a prize id expected');
    const given = options(more);
    const operator = given.get('operator');
    if (!operator || !/^.{1,64}$/u.test(operator)) throw new UsageError('rewards prize: --operator NAME (who makes the change) is required');
    const change: PrizeChange = {};
    for (const [name, value] of given) {
      if (name === 'operator') continue;
      else if (name === 'name') {
        if (!/^.{1,20}$/u.test(value)) throw new UsageError('rewards prize: --name 1..20 characters');
        change.name = value;
      } else if (name === 'points') change.points = wholeNumber(value, 'points', 1, 1_000_000);
      else if (name === 'weight') change.weight = wholeNumber(value, 'weight', 0, 1_000_000);
      else if (name === 'stock') change.stock = value === 'unlimited' ? null : wholeNumber(value, 'stock', 0, 100_000_000);
      else if (name === 'active' && (value === 'yes' || value === 'no')) change.active = value === 'yes';
      else throw new UsageError(`rewards prize: unknown option --${name} ${value}`);
    }
    if (Object.keys(change).length === 0) throw new UsageError('rewards prize: nothing to change');
    const prize = (await deps.prizes.listAll()).find((p) => p.id === id);
    if (!prize) {
      out.error(`no prize ${id}`);
      return 1;
    }
    if (prize.kind === 'thanks' && (change.stock !== undefined || change.points !== undefined)) throw new UsageError('rewards prize: 谢谢参与 has no stock and no points');
    await deps.prizes.change(id, change, operator, now);
    out.json((await deps.prizes.listAll()).find((p) => p.id === id));
    return 0;
  }
  if (action === 'prize-history' && rest.length === 1) {
    for (const entry of await deps.prizes.history(rest[0]!)) out.json({ ...entry, change: JSON.parse(entry.change) as unknown, at: new Date(entry.at).toISOString() });
    return 0;
  }
  throw new UsageError(`rewards: unknown action ${action ?? '(none)'}`);
}
