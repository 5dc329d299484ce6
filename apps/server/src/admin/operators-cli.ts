// `npm run admin -- operators …` (docs/operations.md "Operators"): the first administrator is made here (no
// one can sign in to /ops before), and an operator locked out of everything is reset here. Prints the
// new operator's one-time TOTP secret and otpauth:// URI (and the password when generated) as one JSON
// line, to be handed over and not kept; the audit log records the command as the actor.
import { randomUUID } from 'node:crypto';
import { OPS_ROLES, type OpsRole } from '@tyd/protocol';
import type { OperatorsRepository } from '../operators/repositories/operators-repository.js';
import { operatorView, type Operators } from '../operators/services/operators.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const OPERATORS_USAGE = `operators add <name> --role <${OPS_ROLES.join('|')}> [--password-env <VAR>]
                  (adds an operator; the password is read from the environment variable VAR, never from the
                  command line, or generated and printed once; prints the TOTP secret and otpauth:// URI once)
operators list
operators reset <name>    (a new generated password and TOTP secret, printed once; enabled again, lock lifted, sessions ended)`;

const ACTOR = 'admin-command';

export async function runOperators(
  args: string[],
  deps: { accounts: Operators; repo: OperatorsRepository; env: NodeJS.ProcessEnv },
  out: CliOutput,
  now: number,
): Promise<number> {
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

  if (action === 'list' && rest.length === 0) {
    for (const row of await deps.accounts.list()) out.json(operatorView(row));
    return 0;
  }
  if (action === 'add') {
    const [name, ...options] = rest;
    const role = option(options, '--role');
    const passwordEnv = option(options, '--password-env');
    if (!name || !role || options.length !== (passwordEnv === undefined ? 2 : 4))
      throw new UsageError('operators add <name> --role <role> [--password-env <VAR>]');
    if (!(OPS_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role: one of ${OPS_ROLES.join(', ')}`);
    let password: string | undefined;
    if (passwordEnv !== undefined) {
      password = deps.env[passwordEnv];
      if (password === undefined) throw new UsageError(`--password-env: ${passwordEnv} is not set`);
    }
    try {
      const enrolment = await deps.accounts.enrol(name, role as OpsRole, password, ACTOR, now);
      await audit('operators add', enrolment.operator.id, null, operatorView(enrolment.operator));
      out.json({
        operator: operatorView(enrolment.operator),
        password: enrolment.password,
        totpSecret: enrolment.totpSecret,
        otpauthUri: enrolment.otpauthUri,
      });
      return 0;
    } catch (error) {
      if (error instanceof Error && error.name === 'OperatorsError') {
        out.error(`operators add: ${error.message}`);
        return (error as Error & { kind: string }).kind === 'input' ? 2 : 1;
      }
      throw error;
    }
  }
  if (action === 'reset' && rest.length === 1) {
    const operator = await deps.repo.findByName(rest[0] ?? '');
    if (!operator) {
      out.error(`operators reset: no operator ${rest[0]}`);
      return 1;
    }
    const { before, enrolment } = await deps.accounts.reset(operator.id);
    await audit('operators reset', operator.id, operatorView(before), { ...operatorView(enrolment.operator), credentials: 'new password and TOTP secret' });
    out.json({ operator: operatorView(enrolment.operator), password: enrolment.password, totpSecret: enrolment.totpSecret, otpauthUri: enrolment.otpauthUri });
    return 0;
  }
  throw new UsageError(`unknown operators action: ${args.join(' ') || '(none)'}`);
}

/** The value after `flag`, if present. */
function option(options: string[], flag: string): string | undefined {
  const at = options.indexOf(flag);
  return at === -1 ? undefined : options[at + 1];
}
