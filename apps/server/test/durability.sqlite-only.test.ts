import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { http, loginOver, startServer, stopServer, type ServerProcess } from './server-process.ts';

// kill -9 in the middle of a burst of writes: every write the server acknowledged must be on disk
// after a restart, and the database file must be sound (WAL, synchronous=FULL in db/database.ts).
const dataDir = mkdtempSync(join(tmpdir(), 'bo-durable-'));
const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'Durable-1!' };
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopServer(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('durability', () => {
  it('keeps every acknowledged write across kill -9 and a restart', async () => {
    server = await startServer(env);
    const token = await loginOver(server.url, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const client = http(server.url, token);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const name = `burst-${w}-${i}`;
        try {
          const r = await client.put('/api/admin/account/profile', { name });
          if (r.status === 200) acknowledged.push(name);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    while (acknowledged.length < 80) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGKILL');
    killed = true;
    expect(await server.exited).toBe('SIGKILL');
    await Promise.all(writers);

    server = await startServer(env);
    // The signing secret lives in DATA_DIR: the token from before the crash still works.
    expect((await http(server.url, token).get('/api/admin/account/profile')).status).toBe(200);
    await stopServer(server);

    const db = new SQLite(join(dataDir, 'app.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const written = new Set(
        (db.prepare(`select after from audit_logs where action = 'update_profile'`).all() as { after: string }[]).map(
          (r) => JSON.parse(r.after).name as string,
        ),
      );
      const lost = acknowledged.filter((n) => !written.has(n));
      expect(lost).toEqual([]);
      const { name } = db.prepare(`select name from admins where email = ?`).get(env.ADMIN_EMAIL) as { name: string };
      expect(written.has(name)).toBe(true);
    } finally {
      db.close();
    }
  }, 90_000);
});
