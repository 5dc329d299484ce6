// `npm run admin -- rewards …` (docs/operations.md "The admin command"): operators grant points and set
// the lucky draw's prizes. Every change, and every grant, is kept with the operator's name and the time
// (reward_changes); a grant is a ledger entry with its own idempotency key, so running the same grant
// twice with --key gives the points once, and tells the user once (services/operator-grants.ts).
import { randomBytes } from 'node:crypto';
import { isMainlandMobile, maskPhone, REWARDS_OPS_LIMITS } from '@tyd/protocol';
import type { PrizeChange } from '../rewards/repositories/prizes-repository.js';
import type { RewardItemChange } from '../rewards/repositories/reward-items-repository.js';
import { OpsInputError } from '../http/ops-api.js';
import { operatorName } from '../rewards/services/rewards-operations.js';
import type { createRewardsAdmin } from '../rewards/rewards-module.js';
import { UsageError, type CliOutput } from './cli-output.js';
import { GIFT_USAGE, runGift } from './gift-cli.js';

export const REWARDS_USAGE = [
  'rewards grant <phone> <points> --operator NAME [--key K]   (operator grant, kept with who; the same --key, 1..64 of A-Za-z0-9-_, grants once)',
  'rewards prizes                                 (the prize table)',
  'rewards prize <id> --operator NAME [--name N] [--points P] [--weight W] [--stock S|unlimited] [--active yes|no]',
  'rewards prize-history <id>',
  'rewards items                                  (the voucher catalogue)',
  'rewards item <id> --operator NAME [--name N] [--description D] [--cost P|none] [--stock S|unlimited] [--limit L|none] [--valid-days D] [--active yes|no]',
  'rewards item-add <id> --operator NAME --name N --description D --valid-days D   (added inactive, not on offer for points)',
  'rewards redeem-batch --operator NAME --name N (--points P | --item ID) --count C --expires YYYY-MM-DD',
  '                                               (prints the new codes ONCE, one a line; C at most 10000)',
  'rewards redeem-batches                         (batches with codes used/issued)',
  'rewards redeem-revoke <batchId> --operator NAME',
  "rewards changes [--subject prize|item|gift|redeem-batch|grant]   (the operators' changes, newest first)",
  GIFT_USAGE,
].join('\n');

type RewardsAdmin = ReturnType<typeof createRewardsAdmin>;

const GRANT_KEY = /^[A-Za-z0-9_-]{1,64}$/;

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
  if (action === 'gift' || action === 'gift-set' || action === 'gift-claims') return checked(action, out, () => runGift(action, rest, deps, out, now));
  if (action === 'grant') {
    const [phone, amountText, ...more] = rest;
    if (!isMainlandMobile(phone) || amountText === undefined) throw new UsageError('rewards grant: a mainland mobile number and a number of points expected');
    const amount = wholeNumber(amountText, 'points', 1, REWARDS_OPS_LIMITS.grantPoints);
    const given = options(more);
    const operatorGiven = given.get('operator');
    if (operatorGiven === undefined) throw new UsageError('rewards grant: --operator NAME (who grants) is required');
    const keyGiven = given.get('key');
    // The ledger keeps `grant:<key>` in a varchar(96): a longer one would pass on SQLite and fail on PostgreSQL.
    if (keyGiven !== undefined && !GRANT_KEY.test(keyGiven)) throw new UsageError('rewards grant: --key is 1..64 of A-Z, a-z, 0-9, - and _');
    if ([...given.keys()].some((name) => name !== 'operator' && name !== 'key')) throw new UsageError('rewards grant: only --operator and --key');
    return checked('grant', out, async () => {
      const operator = operatorName(operatorGiven);
      const key = keyGiven ?? `operator:${randomBytes(12).toString('base64url')}`;
      const userId = await deps.findUserId(phone);
      if (!userId) {
        out.error(`no active account for ${maskPhone(phone)}`);
        return 1;
      }
      const { granted } = await deps.grants.grant({ userId, points: amount, operator, key, now });
      out.json({ phone: maskPhone(phone), points: amount, granted, balance: await deps.points.balance(userId) });
      return 0;
    });
  }
  if (action === 'prizes' && rest.length === 0) {
    for (const prize of await deps.prizes.listAll()) out.json(prize);
    return 0;
  }
  if (action === 'prize-history' && rest.length === 1) {
    for (const entry of await deps.prizes.history(rest[0]!))
      out.json({ ...entry, change: JSON.parse(entry.change) as unknown, at: new Date(entry.at).toISOString() });
    return 0;
  }
  if (CATALOGUE_ACTIONS.has(action ?? '')) return checked(action!, out, () => runCatalogue(action!, rest, deps, out, now));
  throw new UsageError(`rewards: unknown action ${action ?? '(none)'}`);
}

/** Runs an action whose input services/rewards-operations.ts checks: invalid input exits 2, an unknown id 1. */
async function checked(action: string, out: CliOutput, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof OpsInputError)) throw error;
    if (error.kind === 'invalid') throw new UsageError(`rewards ${action}: ${error.message}`);
    out.error(error.message);
    return 1;
  }
}

/** Prizes, the voucher catalogue, redeem batches and the audit (docs/operations.md "Vouchers and redeem codes"): checked by services/rewards-operations.ts. */
const CATALOGUE_ACTIONS = new Set(['prize', 'items', 'item', 'item-add', 'redeem-batch', 'redeem-batches', 'redeem-revoke', 'changes']);
const CHANGE_SUBJECTS = ['prize', 'item', 'gift', 'redeem-batch', 'grant'] as const;

/** `--operator NAME`, required for every change, checked as the /ops rewards API checks `by`. */
function operatorOf(given: Map<string, string>, action: string): string {
  const operator = given.get('operator');
  if (!operator) throw new UsageError(`rewards ${action}: --operator NAME (who makes the change) is required`);
  return operatorName(operator);
}

/** A whole number as typed; its range is checked with the change (services/rewards-operations.ts). */
const count = (text: string, name: string): number => wholeNumber(text, name, 0, 1_000_000_000);
/** A number, or null for the word that means "no limit" / "not on offer". */
const countOr = (text: string, word: string, name: string): number | null => (text === word ? null : count(text, name));

async function runCatalogue(action: string, rest: string[], deps: RewardsAdmin, out: CliOutput, now: number): Promise<number> {
  const { operations } = deps;
  const [first, ...more] = rest;
  if (action === 'prize') {
    if (!first || first.startsWith('--')) throw new UsageError('rewards prize: a prize id expected');
    const given = options(more);
    const operator = operatorOf(given, action);
    given.delete('operator');
    const change: PrizeChange = {};
    for (const [name, value] of given) {
      if (name === 'name') change.name = value;
      else if (name === 'points') change.points = count(value, 'points');
      else if (name === 'weight') change.weight = count(value, 'weight');
      else if (name === 'stock') change.stock = countOr(value, 'unlimited', 'stock');
      else if (name === 'active' && (value === 'yes' || value === 'no')) change.active = value === 'yes';
      else throw new UsageError(`rewards prize: unknown option --${name} ${value}`);
    }
    out.json(await operations.changePrize(first, change, operator, now));
    return 0;
  }
  if (action === 'items' && rest.length === 0) {
    for (const item of await deps.items.list()) out.json(item);
    return 0;
  }
  if (action === 'item' || action === 'item-add') {
    if (!first || first.startsWith('--')) throw new UsageError(`rewards ${action}: an item id expected`);
    const given = options(more);
    const operator = operatorOf(given, action);
    given.delete('operator');
    if (action === 'item-add') {
      const [name, description, validDays] = [given.get('name'), given.get('description'), given.get('valid-days')];
      if (name === undefined || description === undefined || validDays === undefined || given.size !== 3)
        throw new UsageError('rewards item-add: --name, --description and --valid-days, nothing else');
      out.json(await operations.addItem({ id: first, name, description, validDays: count(validDays, 'valid-days') }, operator, now));
      return 0;
    }
    const change: RewardItemChange = {};
    for (const [name, value] of given) {
      if (name === 'name') change.name = value;
      else if (name === 'description') change.description = value;
      else if (name === 'cost') change.pointsCost = countOr(value, 'none', 'cost');
      else if (name === 'stock') change.stock = countOr(value, 'unlimited', 'stock');
      else if (name === 'limit') change.perUserLimit = countOr(value, 'none', 'limit');
      else if (name === 'valid-days') change.validDays = count(value, 'valid-days');
      else if (name === 'active' && (value === 'yes' || value === 'no')) change.active = value === 'yes';
      else throw new UsageError(`rewards item: unknown option --${name} ${value}`);
    }
    out.json(await operations.changeItem(first, change, operator, now));
    return 0;
  }
  if (action === 'redeem-batch') {
    const given = options(rest);
    const operator = operatorOf(given, action);
    const [name, points, item, codes, expires] = ['name', 'points', 'item', 'count', 'expires'].map((option) => given.get(option));
    if (name === undefined || codes === undefined || expires === undefined || (points === undefined) === (item === undefined) || given.size !== 5) {
      throw new UsageError('rewards redeem-batch: --operator, --name, --points P or --item ID, --count and --expires, nothing else');
    }
    const created = await operations.createBatch(
      { name, ...(points !== undefined ? { points: count(points, 'points') } : { itemId: item! }), count: count(codes, 'count'), expires },
      operator,
      now,
    );
    // The codes go to stdout alone (redirect them into a file); they are shown this once and never stored.
    for (const code of created.codes) out.line(code);
    out.error(
      `batch ${created.batch.id} (${created.batch.name}): ${created.codes.length} codes, valid until ${new Date(created.batch.expiresAt - 1).toISOString()}; they are not shown again`,
    );
    return 0;
  }
  if (action === 'redeem-batches' && rest.length === 0) {
    for (const batch of await operations.batches()) out.json({ ...batch, expiresAt: new Date(batch.expiresAt).toISOString() });
    return 0;
  }
  if (action === 'redeem-revoke') {
    if (!first || first.startsWith('--')) throw new UsageError('rewards redeem-revoke: a batch id expected');
    const given = options(more);
    const operator = operatorOf(given, action);
    if (given.size !== 1) throw new UsageError('rewards redeem-revoke: --operator only');
    out.json(await operations.revokeBatch(first, operator, now));
    return 0;
  }
  if (action === 'changes') {
    const subject = options(rest).get('subject');
    if (rest.length > 2 || (rest.length === 2 && !CHANGE_SUBJECTS.includes(subject as (typeof CHANGE_SUBJECTS)[number]))) {
      throw new UsageError(`rewards changes: --subject ${CHANGE_SUBJECTS.join('|')}`);
    }
    const changes = await deps.changes.recent({ ...(subject && { subject: subject as (typeof CHANGE_SUBJECTS)[number] }), limit: 200 });
    for (const change of changes) out.json({ ...change, at: new Date(change.at).toISOString() });
    return 0;
  }
  throw new UsageError(`rewards ${action}: unexpected arguments`);
}
