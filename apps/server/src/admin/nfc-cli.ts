// `npm run admin -- nfc …` (docs/operations.md "NFC antenna positions"): operators keep the table behind
// phone-brand-list and phone-type-list (the /nfc explainer, SPEC §2, §7). Every set and delete is kept in
// nfc_antenna_changes with the operator's name (--by) and the time.
import { NFC_POSITIONS, type NfcPosition } from '@tyd/protocol';
import type { NfcAntennaChange, NfcAntennasRepository } from '../identity/identity-module.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const NFC_USAGE = [
  'nfc list [brand]                                (the antenna table, with who changed each row and when)',
  'nfc set <brand> <model> --by NAME [--brand-name N] [--name N] [--position top|upper|center|lower]',
  '        [--hint T] [--nfc yes|no] [--foldable T|none]   (a new model needs --name and --position, a new brand --brand-name)',
  'nfc delete <brand> [<model>] --by NAME          (one model, or the whole brand)',
  'nfc history <brand> [<model>]',
].join('\n');

/** The ids the wire accepts (phone-models.ts phoneCatalogIdField). */
const ID = /^[a-z0-9-]{1,40}$/;

function options(args: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i];
    const value = args[i + 1];
    if (!name?.startsWith('--') || value === undefined) throw new UsageError(`nfc: expected --option value pairs, got ${name ?? '(nothing)'}`);
    found.set(name.slice(2), value);
  }
  return found;
}

function text(value: string, name: string, max: number): string {
  if (!new RegExp(`^.{1,${max}}$`, 'u').test(value) || value.trim() !== value)
    throw new UsageError(`nfc: --${name} 1..${max} characters, no leading or trailing spaces`);
  return value;
}

function operator(given: Map<string, string>): string {
  const by = given.get('by');
  if (by === undefined || !/^.{1,64}$/u.test(by)) throw new UsageError('nfc: --by NAME (who makes the change) is required');
  given.delete('by');
  return by;
}

/** Leading positional ids (brand, then model), then --options. */
function split(args: string[], most: number): { ids: string[]; rest: string[] } {
  const ids: string[] = [];
  while (ids.length < most && args[ids.length] !== undefined && !args[ids.length]!.startsWith('--')) ids.push(args[ids.length]!);
  for (const id of ids) if (!ID.test(id)) throw new UsageError(`nfc: ids are 1..40 lower-case letters, digits and hyphens, got ${id}`);
  return { ids, rest: args.slice(ids.length) };
}

const shown = (row: { updatedAt: number }) => ({ ...row, updatedAt: new Date(row.updatedAt).toISOString() });

export async function runNfc(args: string[], repo: NfcAntennasRepository, out: CliOutput, now: number): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list') {
    const { ids, rest: more } = split(rest, 1);
    if (more.length > 0) throw new UsageError('nfc list: at most a brand id');
    const rows = await repo.list(ids[0]);
    if (ids[0] !== undefined && rows.length === 0) {
      out.error(`no brand ${ids[0]}`);
      return 1;
    }
    for (const row of rows) out.json(shown(row));
    return 0;
  }
  if (action === 'set') {
    const { ids, rest: more } = split(rest, 2);
    if (ids.length !== 2) throw new UsageError('nfc set: a brand id and a model id expected');
    const given = options(more);
    const by = operator(given);
    const change: NfcAntennaChange = {};
    for (const [name, value] of given) {
      if (name === 'brand-name') change.brandName = text(value, name, 40);
      else if (name === 'name') change.modelName = text(value, name, 60);
      else if (name === 'position' && (NFC_POSITIONS as readonly string[]).includes(value)) change.position = value as NfcPosition;
      else if (name === 'hint') change.hint = value === '' ? '' : text(value, name, 80);
      else if (name === 'nfc' && (value === 'yes' || value === 'no')) change.hasNfc = value === 'yes';
      else if (name === 'foldable') change.foldableNote = value === 'none' ? null : text(value, name, 80);
      else throw new UsageError(`nfc set: unknown option --${name} ${value}`);
    }
    if (Object.keys(change).length === 0) throw new UsageError('nfc set: nothing to change');
    const row = await repo.set(ids[0]!, ids[1]!, change, by, now);
    if (row === 'incomplete') {
      out.error(`no model ${ids[0]}/${ids[1]} yet: a new model needs --name and --position (and --brand-name for a new brand)`);
      return 1;
    }
    out.json(shown(row));
    return 0;
  }
  if (action === 'delete') {
    const { ids, rest: more } = split(rest, 2);
    if (ids.length === 0) throw new UsageError('nfc delete: a brand id (and a model id) expected');
    const given = options(more);
    const by = operator(given);
    if (given.size > 0) throw new UsageError(`nfc delete: unknown option --${[...given.keys()][0]}`);
    const deleted = await repo.delete(ids[0]!, ids[1], by, now);
    if (deleted === 0) {
      out.error(`no ${ids.join('/')}`);
      return 1;
    }
    out.json({ deleted, brand: ids[0], ...(ids[1] !== undefined && { model: ids[1] }) });
    return 0;
  }
  if (action === 'history') {
    const { ids, rest: more } = split(rest, 2);
    if (ids.length === 0 || more.length > 0) throw new UsageError('nfc history: a brand id (and a model id) expected');
    for (const entry of await repo.history(ids[0]!, ids[1]))
      out.json({ ...entry, change: JSON.parse(entry.change) as unknown, at: new Date(entry.at).toISOString() });
    return 0;
  }
  throw new UsageError(`nfc: unknown action ${action ?? '(none)'}`);
}
