// `npm run admin -- deeplink set|get|list|delete` (deep-link entries are managed by an admin
// command, docs/telemetry.md "Deep links"; SPEC §7 lookup by key, system_type and project).
import { parseArgs } from 'node:util';
import {
  DEEP_LINK_KEY_PATTERN,
  DEEP_LINK_PROJECT_PATTERN,
  DEEP_LINK_SYSTEM_TYPES,
  MAX_DEEP_LINK_PARAMS_BYTES,
  TELEMETRY_PROJECT,
  type DeepLinkSystemType,
} from '@tyd/protocol';
import type { DeepLinkEntry, DeepLinksRepository } from '../telemetry/repositories/deep-links-repository.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const DEEPLINK_USAGE = `deeplink set <key> --system android|ios|h5 [--project production] --params '{"path":"/cloudSteward/index"}'
deeplink get <key> --system android|ios|h5 [--project production]
deeplink list [--system android|ios|h5] [--project production]
deeplink delete <key> --system android|ios|h5 [--project production]`;

function systemType(value: string | undefined, required: boolean): DeepLinkSystemType | undefined {
  if (value === undefined && !required) return undefined;
  if (!DEEP_LINK_SYSTEM_TYPES.includes(value as DeepLinkSystemType)) throw new UsageError(`--system must be one of ${DEEP_LINK_SYSTEM_TYPES.join(', ')}`);
  return value as DeepLinkSystemType;
}

function project(value: string | undefined): string {
  const p = value ?? TELEMETRY_PROJECT;
  if (!DEEP_LINK_PROJECT_PATTERN.test(p)) throw new UsageError('--project: 1..32 characters of [A-Za-z0-9_-]');
  return p;
}

function key(value: string | undefined): string {
  if (value === undefined || !DEEP_LINK_KEY_PATTERN.test(value)) throw new UsageError('<key>: 1..64 characters of [A-Za-z0-9_.-]');
  return value;
}

/** The parameters must be a JSON object: the page reads named fields from it. */
function params(value: string | undefined): Record<string, unknown> {
  if (value === undefined) throw new UsageError('--params is required: a JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new UsageError('--params is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--params must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(parsed)) > MAX_DEEP_LINK_PARAMS_BYTES) throw new UsageError(`--params: at most ${MAX_DEEP_LINK_PARAMS_BYTES} bytes`);
  return parsed as Record<string, unknown>;
}

const show = (e: DeepLinkEntry) => ({
  key: e.key,
  system: e.systemType,
  project: e.project,
  params: e.params,
  updatedAt: new Date(e.updatedAt).toISOString(),
});

export async function runDeeplink(args: string[], repo: DeepLinksRepository, out: CliOutput, now: number): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { system: { type: 'string' }, project: { type: 'string' }, params: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [action, keyArg, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  switch (action) {
    case 'set': {
      const id = { key: key(keyArg), systemType: systemType(values.system, true)!, project: project(values.project) };
      const entry = await repo.set(id, params(values.params), now);
      out.json(show(entry));
      return 0;
    }
    case 'get': {
      const entry = await repo.get({ key: key(keyArg), systemType: systemType(values.system, true)!, project: project(values.project) });
      if (!entry) {
        out.error(`no deep link ${keyArg} for ${values.system} in ${project(values.project)}`);
        return 1;
      }
      out.json(show(entry));
      return 0;
    }
    case 'list': {
      if (keyArg !== undefined) throw new UsageError('list takes no key');
      const system = systemType(values.system, false);
      const entries = await repo.list({ ...(values.project !== undefined && { project: project(values.project) }), ...(system && { systemType: system }) });
      for (const entry of entries) out.json(show(entry));
      return 0;
    }
    case 'delete': {
      const id = { key: key(keyArg), systemType: systemType(values.system, true)!, project: project(values.project) };
      if (!(await repo.delete(id))) {
        out.error(`no deep link ${id.key} for ${id.systemType} in ${id.project}`);
        return 1;
      }
      out.line(`deleted ${id.key} (${id.systemType}, ${id.project})`);
      return 0;
    }
    default:
      throw new UsageError(`unknown deeplink action: ${action ?? '(none)'}`);
  }
}
