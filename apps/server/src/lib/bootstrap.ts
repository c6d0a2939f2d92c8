import { openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_ADMIN_ROLES } from '@bo/shared/roles';
import type { Config } from '../config.ts';
import { anyAdminExists, insertAdminUnlessEmailTaken } from './admins.repository.ts';
import type { SystemPrincipal } from './context/principals.ts';
import type { PrincipalContexts } from './context/request-context.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export interface FirstAdmin {
  email: string;
  /** Set only when the server generated it; a password chosen through ADMIN_PASSWORD is never handed back. */
  generatedPassword: string | null;
}

/** The job name the first admin's audit entry is recorded under. */
export const START_UP_JOB = 'start-up';

/**
 * Creates the first super admin when no admin exists, audited as the start-up job; returns who was
 * created, once. Start-up runs before the app exists: `system` is the start-up job's contexts on a
 * host without the server (`hostWithoutServer`: no mail kick, no stored objects or rows to let go of).
 */
export async function ensureFirstAdmin(system: PrincipalContexts<SystemPrincipal>, config: Config): Promise<FirstAdmin | null> {
  if (await anyAdminExists(system.read().db)) return null;
  const email = (config.firstAdmin.email ?? 'admin@example.com').toLowerCase();
  const generated = config.firstAdmin.password === undefined ? generatePassword() : null;
  const passwordHash = await hashPassword(generated ?? config.firstAdmin.password!);
  // No role title for a name (issue 42, item 12): the forced password change asks for it; an admin
  // whose password was chosen (ADMIN_PASSWORD) has no forced change and starts with its address's name.
  const name = generated ? '' : email.split('@')[0]!;
  // Every company-wide role but ROLE_MAINTAINER: the first week has no dead end to grant itself out of (issue 26).
  const roles = [...FIRST_ADMIN_ROLES];
  return system.inTransaction(async ({ trx, audit }) => {
    const t = new Date().toISOString();
    const id = await insertAdminUnlessEmailTaken(trx, {
      email,
      name,
      password_hash: passwordHash,
      // A generated password must be changed at first sign-in; one chosen through ADMIN_PASSWORD need not.
      has_change_default_password: generated ? 0 : 1,
      roles: JSON.stringify(roles),
      group_id: null,
      status: 'active',
      created_at: t,
      updated_at: t,
    });
    // Several instances starting together on an empty database: one creates the admin, the others carry on.
    if (id === null) return null;
    await audit({ action: 'create', target_type: 'admin', target_id: id, after: { email, name, roles, status: 'active' } });
    return { email, generatedPassword: generated };
  });
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
