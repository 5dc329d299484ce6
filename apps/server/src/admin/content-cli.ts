// `npm run admin -- content …` (docs/operations.md "Content"): create, edit, preview, publish, schedule,
// unpublish, list, show and image, through the same publishing service as the /ops content section, so
// every change lands in the audit with who did it (--by, default the login name).
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Publishing } from '../content/content-module.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const CONTENT_USAGE = `content create notice|announcement|article --title <text> (--body <markdown> | --file <path.md>) [--summary <text>] [--important] [--by <name>]
content edit <id> [--title <text>] [--body <markdown> | --file <path.md>] [--summary <text>] [--important | --not-important] [--by <name>]
content preview (--body <markdown> | --file <path.md>)       prints the HTML readers would get
content publish <id> [--by <name>]
content schedule <id> --at <ISO time, e.g. 2026-12-01T09:00:00+08:00> [--by <name>]
content unpublish <id> [--by <name>]
content list [notice|announcement|article]
content show <id>                                              with its audit
content image <path.jpg|png> [--by <name>]                     prints the /content-images/<id> path for Markdown`;

const KINDS = ['notice', 'announcement', 'article'] as const;
type Kind = (typeof KINDS)[number];

function kindOf(value: string | undefined): Kind {
  if (!KINDS.includes(value as Kind)) throw new UsageError(`kind must be one of ${KINDS.join(', ')}`);
  return value as Kind;
}

function bodyOf(values: { body?: string; file?: string }, required: boolean): string | undefined {
  if (values.body !== undefined && values.file !== undefined) throw new UsageError('--body or --file, not both');
  if (values.file !== undefined) return readFileSync(values.file, 'utf8');
  if (values.body === undefined && required) throw new UsageError('--body or --file is required');
  return values.body;
}

function idOf(positionals: string[]): string {
  const id = positionals[0];
  if (id === undefined) throw new UsageError('<id> is required');
  return id;
}

export async function runContent(args: string[], publishing: Publishing, out: CliOutput, now: number): Promise<number> {
  const [action, ...rest] = args;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        title: { type: 'string' },
        body: { type: 'string' },
        file: { type: 'string' },
        summary: { type: 'string' },
        important: { type: 'boolean' },
        'not-important': { type: 'boolean' },
        at: { type: 'string' },
        by: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const by = values.by ?? userInfo().username;
  try {
    switch (action) {
      case 'create': {
        if (values.title === undefined) throw new UsageError('--title is required');
        const item = await publishing.create(
          kindOf(positionals[0]),
          { title: values.title, body: bodyOf(values, true)!, summary: values.summary, important: values.important === true },
          by,
          now,
        );
        out.json(item);
        return 0;
      }
      case 'edit': {
        const body = bodyOf(values, false);
        const important = values.important ? true : values['not-important'] ? false : undefined;
        const item = await publishing.edit(
          idOf(positionals),
          {
            ...(values.title !== undefined && { title: values.title }),
            ...(body !== undefined && { body }),
            ...(values.summary !== undefined && { summary: values.summary }),
            ...(important !== undefined && { important }),
          },
          by,
          now,
        );
        out.json(item);
        return 0;
      }
      case 'preview':
        out.line(publishing.preview(bodyOf(values, true)!));
        return 0;
      case 'publish':
        out.json(await publishing.publish(idOf(positionals), by, now));
        return 0;
      case 'schedule': {
        const at = values.at === undefined ? NaN : Date.parse(values.at);
        if (!Number.isFinite(at)) throw new UsageError('--at: an ISO 8601 time with its offset');
        out.json(await publishing.publish(idOf(positionals), by, now, at));
        return 0;
      }
      case 'unpublish':
        out.json(await publishing.unpublish(idOf(positionals), by, now));
        return 0;
      case 'list':
        for (const item of await publishing.list(positionals[0] === undefined ? undefined : kindOf(positionals[0]), now, 500)) {
          out.json({
            id: item.id,
            kind: item.kind,
            status: item.status,
            title: item.title,
            important: item.important,
            publishAt: item.publishAt === null ? null : new Date(item.publishAt).toISOString(),
            version: item.version,
          });
        }
        return 0;
      case 'show': {
        const id = idOf(positionals);
        out.json({ item: await publishing.get(id, now), audit: await publishing.audit(id) });
        return 0;
      }
      case 'image': {
        const file = positionals[0];
        if (file === undefined) throw new UsageError('<path> of a JPEG or PNG is required');
        out.json(await publishing.addImage(readFileSync(file), by, now));
        return 0;
      }
      default:
        throw new UsageError(`unknown content action: ${action ?? '(none)'}`);
    }
  } catch (error) {
    if (error instanceof UsageError || !(error instanceof Error) || error.name !== 'ContentInputError') throw error;
    out.error(`content: ${error.message}`);
    return 1;
  }
}
