// `npm run admin -- operators …` (docs/operations.md "Operators"): the first administrator is made here (no
// one can sign in to /ops before), and an operator locked out of everything is reset here. Both print one
// JSON line with an enrolment link at the server's public address (`--origin`, the scheme and host operators
// reach /ops at), never a password or a TOTP secret: whoever opens the link chooses the one and scans the
// other (services/enrolment.ts). The audit log records the command as the actor.
import { randomUUID } from 'node:crypto';
import { OPS_ENROLMENT_PAGE, OPS_ROLES, type OpsRole } from '@tyd/protocol';
import type { OperatorsRepository } from '../operators/repositories/operators-repository.js';
import { operatorView, type EnrolmentLink, type Operators } from '../operators/services/operators.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const OPERATORS_USAGE = `operators add <name> --role <${OPS_ROLES.join('|')}> --origin <https://ops.example.com>
                  (adds an operator who cannot sign in yet; prints the one-time enrolment link to hand them, where
                  they choose their password and scan their TOTP QR code; it ends after OPS_ENROLMENT_HOURS)
operators list
operators reset <name> --origin <https://ops.example.com>
                  (the password and TOTP secret stop at once, sessions end, enabled again, lock lifted; prints a
                  new enrolment link, replacing any earlier one)`;

const ACTOR = 'admin-command';

/** The scheme, host and port operators open /ops at, as given to --origin (a trailing slash forgiven; no path). */
function originOption(options: string[]): string {
  const value = option(options, '--origin')?.replace(/\/$/, '');
  let url: URL | undefined;
  try {
    url = value === undefined ? undefined : new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['https:', 'http:'].includes(url.protocol) || url.origin !== value)
    throw new UsageError('--origin: the address operators open /ops at, scheme and host only, e.g. https://ops.example.com');
  return url.origin;
}

export async function runOperators(args: string[], deps: { accounts: Operators; repo: OperatorsRepository }, out: CliOutput, now: number): Promise<number> {
  const [action, ...rest] = args;
  const audit = (action: string, targetId: string, before: unknown, after: unknown) =>
    deps.repo.insertAudit({
      id: `au_${randomUUID()}`,
      operator_id: null,
      operator_name: ACTOR,
      action,
      target_id: targetId,
      address: 'local',
      before: before === null ? null : JSON.stringify(before),
      after: JSON.stringify(after),
      at: now,
    });
  const printed = (link: EnrolmentLink, origin: string) => ({
    operator: operatorView(link.operator),
    enrolmentUrl: `${origin}${OPS_ENROLMENT_PAGE}#${link.token}`,
    enrolmentExpiresAt: link.expiresAt,
  });

  if (action === 'list' && rest.length === 0) {
    for (const row of await deps.accounts.list()) out.json(operatorView(row));
    return 0;
  }
  if (action === 'add') {
    const [name, ...options] = rest;
    const role = option(options, '--role');
    if (!name || !role || options.length !== 4) throw new UsageError('operators add <name> --role <role> --origin <https://…>');
    if (!(OPS_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role: one of ${OPS_ROLES.join(', ')}`);
    const origin = originOption(options);
    try {
      const link = await deps.accounts.add(name, role as OpsRole, ACTOR, now);
      await audit('operators add', link.operator.id, null, { ...operatorView(link.operator), enrolmentExpiresAt: link.expiresAt });
      out.json(printed(link, origin));
      return 0;
    } catch (error) {
      if (error instanceof Error && error.name === 'OperatorsError') {
        out.error(`operators add: ${error.message}`);
        return (error as Error & { kind: string }).kind === 'input' ? 2 : 1;
      }
      throw error;
    }
  }
  if (action === 'reset') {
    const [name, ...options] = rest;
    if (!name || options.length !== 2) throw new UsageError('operators reset <name> --origin <https://…>');
    const origin = originOption(options);
    const operator = await deps.repo.findByName(name);
    if (!operator) {
      out.error(`operators reset: no operator ${name}`);
      return 1;
    }
    const { before, link } = await deps.accounts.reset(operator.id, ACTOR, now);
    await audit('operators reset', operator.id, operatorView(before), { ...operatorView(link.operator), enrolmentExpiresAt: link.expiresAt });
    out.json(printed(link, origin));
    return 0;
  }
  throw new UsageError(`unknown operators action: ${args.join(' ') || '(none)'}`);
}

/** The value after `flag`, if present. */
function option(options: string[], flag: string): string | undefined {
  const at = options.indexOf(flag);
  return at === -1 ? undefined : options[at + 1];
}
