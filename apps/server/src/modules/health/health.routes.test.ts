import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../../test/helpers.ts';
import { sharedReadiness } from './readiness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => undefined); // a test may have taken the database away already
  t = undefined;
});

const get = (url: string) => t!.app.inject({ method: 'GET', url });

describe('health', () => {
  it('answers liveness without a token or fingerprint, never cached', async () => {
    t = await createTestApp();
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready with the database, every migration and the file store', async () => {
    t = await createTestApp();
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', failing: [], checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });

  it('answers 503 naming the database when it is gone', async () => {
    t = await createTestApp();
    if (testDialect === 'postgres') {
      // Dropped under the running app (its pooled connections are terminated).
      const url = new URL(t.config.databaseUrl);
      const name = url.pathname.slice(1);
      url.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    } else {
      await t.db.destroy();
    }
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not ready',
      failing: ['database'],
      checks: { database: 'failing', migrations: 'not checked', storage: 'ok' },
    });
    // Liveness is about the process, not its dependencies.
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('answers 503 naming the migrations when one is not applied', async () => {
    t = await createTestApp();
    const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.db);
    await sql`delete from kysely_migration where name = ${last.rows[0].name}`.execute(t.db);
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().failing).toEqual(['migrations']);
    // The body names the part, not the migration or any other internal.
    expect(res.body).not.toContain(last.rows[0].name);
  });

  it('answers 503 naming the storage when it cannot be written', async () => {
    t = await createTestApp();
    const root = join(t.dataDir, 'storage');
    rmSync(root, { recursive: true, force: true });
    writeFileSync(root, 'a file where the store should be');
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failing: ['storage'], checks: { database: 'ok', migrations: 'ok', storage: 'failing' } });
  });

  it('stays ready under a flood of parallel probes, which share one check (issue 34)', async () => {
    t = await createTestApp();
    const storage = t.app.storage;
    const keys: string[] = [];
    const put = storage.put.bind(storage);
    storage.put = (key, ...rest) => {
      keys.push(key);
      return put(key, ...rest);
    };
    const answers = await Promise.all(Array.from({ length: 40 }, () => get('/api/health/ready')));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    // One storage probe for the whole flood, not forty racing over one key.
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^health-check\/.+-[0-9a-f-]{36}$/);
  });

  it('checks again once the shared outcome is older than the reuse time, each check with a key of its own', async () => {
    t = await createTestApp();
    const keys: string[] = [];
    const put = t.app.storage.put.bind(t.app.storage);
    t.app.storage.put = (key, ...rest) => {
      keys.push(key);
      return put(key, ...rest);
    };
    const check = sharedReadiness(t.app, 0);
    const [a, b] = await Promise.all([check(), check()]);
    expect(a).toBe(b);
    expect(await check()).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok' });
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it('is in the API reference', async () => {
    t = await createTestApp();
    const doc = (await get('/api/docs/json')).json();
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(Object.keys(doc.paths['/api/health/ready'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(doc.paths['/api/health/ready'].get.security).toEqual([]);
  });
});
