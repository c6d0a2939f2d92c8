/**
 * Servers for bench/file-serve.bench.ts, one per child process so the load generator does not share
 * their event loop: `app` (the whole API serving a 1 MB public file it stored through
 * create-via-data) or `static` (bare Fastify + @fastify/static serving the same bytes).
 * Prints one JSON line {url} when listening.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { api, buildAdmin, createTestApp, login } from '../apps/server/test/helpers.ts';

const kind = process.argv[2];
const SIZE = 1024 * 1024;
// The same pseudo-random megabyte in both servers (incompressible, like most uploads).
const bytes = Buffer.alloc(SIZE);
for (let i = 0, x = 12345; i < SIZE; i++) {
  x = (x * 1103515245 + 12345) >>> 0;
  bytes[i] = x >>> 24;
}
const dir = mkdtempSync(join(tmpdir(), `bo-bench-serve-${kind}-`));

if (kind === 'static') {
  mkdirSync(join(dir, 'files'), { recursive: true });
  writeFileSync(join(dir, 'files', 'bench.bin'), bytes);
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: dir });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `${address}/files/bench.bin` }));
} else {
  // The whole API on a temporary SQLite database and data folder, as the tests build it.
  const { app, db } = await createTestApp({ NODE_ENV: 'production', WEB_DIST: join(dir, 'no-web') });
  const token = await login(app, await buildAdmin(db, { roles: ['ROLE_BASE'] }));
  const res = await api(app, token).post('/api/admin/file/create-via-data', {
    name: 'bench.bin',
    content: bytes.toString('base64'),
    encoding: 'base64',
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `${address}${res.json().url}` }));
}
