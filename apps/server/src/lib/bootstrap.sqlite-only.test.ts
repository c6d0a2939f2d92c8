import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from '../../test/helpers.ts';
import { announceFirstAdmin, ensureFirstAdmin, FIRST_ADMIN_PASSWORD_FILE, START_UP_JOB } from './bootstrap.ts';
import { systemContextsWithoutServer } from './context/request-context.ts';

// Where the first admin's password goes (no database: runs once), and the first admin's audit entry.
// The real process is in test/server-lifecycle.
const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bo-first-admin-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const announce = (first: Parameters<typeof announceFirstAdmin>[0], interactive: boolean) => {
  const dir = dataDir();
  let printed = '';
  announceFirstAdmin(first, {
    dataDir: dir,
    interactive,
    print: (text) => {
      printed += text;
    },
  });
  return { dir, printed, file: join(dir, FIRST_ADMIN_PASSWORD_FILE) };
};

describe('first admin announcement', () => {
  it('shows a generated password once on an interactive terminal and writes no file', () => {
    const { printed, file } = announce({ email: 'admin@example.com', generatedPassword: 'Gen3rated-pw' }, true);
    expect(printed).toContain('admin@example.com');
    expect(printed.split('Gen3rated-pw')).toHaveLength(2);
    expect(existsSync(file)).toBe(false);
  });

  it('writes a generated password to a 0600 file when stdout is not a terminal, and prints only its path', () => {
    const { printed, file } = announce({ email: 'admin@example.com', generatedPassword: 'Gen3rated-pw' }, false);
    expect(printed).toContain(file);
    expect(printed).not.toContain('Gen3rated-pw');
    expect(readFileSync(file, 'utf8')).toBe('Gen3rated-pw\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('replaces a leftover password file with a new 0600 one', () => {
    const dir = dataDir();
    const file = join(dir, FIRST_ADMIN_PASSWORD_FILE);
    writeFileSync(file, 'old\n', { mode: 0o644 });
    announceFirstAdmin({ email: 'a@example.com', generatedPassword: 'N3w-pw' }, { dataDir: dir, interactive: false, print: () => {} });
    expect(readFileSync(file, 'utf8')).toBe('N3w-pw\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never prints a password chosen through ADMIN_PASSWORD, on a terminal or not', () => {
    for (const interactive of [true, false]) {
      const { printed, file } = announce({ email: 'owner@example.com', generatedPassword: null }, interactive);
      expect(printed).toContain('owner@example.com');
      expect(printed).toContain('ADMIN_PASSWORD');
      expect(existsSync(file)).toBe(false);
    }
  });
});

describe('first admin creation', () => {
  it('creates the first super admin once, audited as the start-up job in the same write', async () => {
    const t = await createTestApp({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'Chosen-pw-123' });
    try {
      expect(await ensureFirstAdmin(systemContextsWithoutServer(t.db, t.config, START_UP_JOB), t.config)).toEqual({
        email: 'owner@example.com',
        generatedPassword: null,
      });
      const admin = await t.db
        .selectFrom('admins')
        .select(['id', 'roles'])
        .where('email', '=', 'owner@example.com')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(admin.roles)).toContain('ROLE_SUPER_ADMIN');
      const entries = await t.db.selectFrom('audit_logs').selectAll().execute();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor_kind: 'system',
        actor_id: null,
        user_agent: START_UP_JOB,
        action: 'create',
        target_type: 'admin',
        target_id: String(admin.id),
        target_label: 'owner <owner@example.com>',
      });
      expect(entries[0]!.after).not.toContain('Chosen-pw-123');

      // A second start finds an admin: nothing is created or recorded.
      expect(await ensureFirstAdmin(systemContextsWithoutServer(t.db, t.config, START_UP_JOB), t.config)).toBeNull();
      expect(await t.db.selectFrom('audit_logs').select('id').execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
