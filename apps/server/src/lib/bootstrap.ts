import { openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export interface FirstAdmin {
  email: string;
  /** Set only when the server generated it; a password chosen through ADMIN_PASSWORD is never handed back. */
  generatedPassword: string | null;
}

/** Creates the first super admin when no admin exists; returns who was created, once. */
export async function ensureFirstAdmin(db: Database, config: Config): Promise<FirstAdmin | null> {
  const any = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const email = (config.firstAdmin.email ?? 'admin@example.com').toLowerCase();
  const generated = config.firstAdmin.password === undefined ? generatePassword() : null;
  const t = new Date().toISOString();
  const created = await db
    .insertInto('admins')
    .values({
      email,
      name: 'Super Admin',
      password_hash: await hashPassword(generated ?? config.firstAdmin.password!),
      // A generated password must be changed at first sign-in; one chosen through ADMIN_PASSWORD need not.
      has_change_default_password: generated ? 0 : 1,
      roles: JSON.stringify(['ROLE_SUPER_ADMIN', 'ROLE_BASE']),
      group_id: null,
      status: 'active',
      created_at: t,
      updated_at: t,
    })
    // Several instances starting together on an empty database: one creates the admin, the others carry on.
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return created ? { email, generatedPassword: generated } : null;
}

export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

/**
 * Tells the operator how to sign in the first time. A generated password is shown once, and only
 * to an interactive terminal: a non-interactive stdout is usually a log collector (systemd, Docker,
 * CI) that keeps it forever, so the password goes to a file only this user can read, and only its
 * path is printed. A password the operator chose is never printed anywhere.
 */
export function announceFirstAdmin(first: FirstAdmin, o: { dataDir: string; interactive: boolean; print: (text: string) => void }): void {
  if (first.generatedPassword === null) {
    o.print(`\n  First super admin created\n    email:    ${first.email}\n    password: the one set in ADMIN_PASSWORD\n`);
    return;
  }
  if (o.interactive) {
    o.print(
      `\n  First super admin created\n    email:    ${first.email}\n    password: ${first.generatedPassword}\n  (shown once; change it at the first sign-in)\n`,
    );
    return;
  }
  const file = join(o.dataDir, FIRST_ADMIN_PASSWORD_FILE);
  writeSecretFile(file, `${first.generatedPassword}\n`);
  o.print(
    `\n  First super admin created\n    email:    ${first.email}\n    password: in ${file} (readable by this user only; delete it after the first sign-in)\n`,
  );
}

/** Created with mode 0600 from the start (never world-readable, even for an instant); an older copy is replaced. */
function writeSecretFile(file: string, text: string): void {
  rmSync(file, { force: true });
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
