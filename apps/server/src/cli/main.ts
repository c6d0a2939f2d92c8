import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import { readEnvFile } from '../lib/process/env-file.ts';
import { changeRole, createAdmin, listAdmins, resetPassword } from './admin-commands.ts';
import { verifyAudit } from './audit-commands.ts';
import { CliError, openCliContext } from './cli-context.ts';
import { backup, exportAudit, restore } from './data-commands.ts';
import { printPersonalDataInventory } from './personal-data-commands.ts';
import { recomputeCompliance } from './compliance-commands.ts';
import { rotatePersonalDataKey } from '../lib/personal-data/rotate-key.ts';

const HELP = `npm run -s cli -- <command> [options]   (the server's DATA_DIR / DATABASE_URL settings)

  create-admin --email E --name N [--role ROLE_…]…   a new admin; prints a one-time password
  reset-password --email E [--mail]                 a one-time password printed here, or the reset mail
                                                    (its link printed when mail cannot go out)
  grant-role --email E --role R                     any role, ROLE_MAINTAINER included
  revoke-role --email E --role R
  list-admins [--json]
  backup --to FILE.tar.gz                           one archive: the SQLite online backup, DATA_DIR/storage and the
                                                    JWT secret (on PostgreSQL and S3 it prints what else to keep)
  restore --from FILE.tar.gz                        puts all of it back; refused while a server holds DATA_DIR
  export-audit --out FILE.csv|FILE.xlsx [--from YYYY-MM-DD] [--to YYYY-MM-DD]
  verify-audit [--from YYYY-MM-DD] [--to YYYY-MM-DD]   walks the audit chain; exit 3 at the first broken entry
  personal-data-inventory [--json]                  each category of personal data: how many people and records,
                                                    where it is stored, who may reveal it, how long it is kept
  compliance-recompute                              every organization's compliance due items computed again now
                                                    (as the nightly COMPLIANCE_RECOMPUTE_TIME job does)
  rotate-personal-data-key                          a new data key for national ids and health values; every value
                                                    sealed again under it in short batches, while the server serves
  help`;

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string', multiple: true },
  mail: { type: 'boolean' },
  json: { type: 'boolean' },
  to: { type: 'string' },
  from: { type: 'string' },
  out: { type: 'string' },
} as const;

/** The operator CLI (issue 13): runs one command and answers its exit code. */
export async function runCli(
  argv: string[],
  io: { print?: (t: string) => void; fail?: (t: string) => void; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  const print = io.print ?? ((t: string) => console.log(t));
  const fail = io.fail ?? ((t: string) => console.error(t));
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    fail(`error: ${(e as Error).message}`);
    return 1;
  }
  const [command, ...rest] = parsed.positionals;
  const o = parsed.values;
  if (!command || command === 'help') {
    print(HELP);
    return command ? 0 : 1;
  }
  if (rest.length) {
    fail(`error: unexpected ${rest.join(' ')}`);
    return 1;
  }
  const commands: Record<string, true> = {
    'create-admin': true,
    'reset-password': true,
    'grant-role': true,
    'revoke-role': true,
    'list-admins': true,
    backup: true,
    restore: true,
    'export-audit': true,
    'verify-audit': true,
    'personal-data-inventory': true,
    'rotate-personal-data-key': true,
    'compliance-recompute': true,
  };
  if (!commands[command]) {
    fail(`error: unknown command ${command} (npm run cli -- help)`);
    return 1;
  }
  let ctx: Awaited<ReturnType<typeof openCliContext>> | null = null;
  try {
    ctx = await openCliContext(print, io.env);
    switch (command) {
      case 'create-admin':
        await createAdmin(ctx, o);
        break;
      case 'reset-password':
        await resetPassword(ctx, o);
        break;
      case 'grant-role':
      case 'revoke-role':
        await changeRole(ctx, command === 'grant-role', o);
        break;
      case 'list-admins':
        await listAdmins(ctx, o);
        break;
      case 'backup':
        await backup(ctx, o);
        break;
      case 'restore':
        await restore(ctx, o);
        ctx = null;
        break;
      case 'export-audit':
        await exportAudit(ctx, o);
        break;
      case 'verify-audit':
        return await verifyAudit(ctx, o);
      case 'personal-data-inventory':
        await printPersonalDataInventory(ctx, o);
        break;
      case 'compliance-recompute':
        await recomputeCompliance(ctx);
        break;
      case 'rotate-personal-data-key':
        await rotatePersonalDataKey(ctx, { print: ctx.print });
        break;
    }
    return 0;
  } catch (e) {
    if (e instanceof CliError || e instanceof ConfigError) {
      fail(`error: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    await ctx?.close().catch(() => undefined);
  }
}

/** The command line's entry (`npm run -s cli -- …`, scripts/cli.mjs): reads `.env` as the server does, runs, exits. */
export function cliMain(argv: string[]): void {
  readEnvFile();
  runCli(argv).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(2);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) cliMain(process.argv.slice(2));
