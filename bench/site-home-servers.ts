/**
 * The two servers the website benchmark compares, each in its own process: `app` (the application, the
 * website at /site) and `bare` (Fastify sending the home page's HTML, and its brotli body, from memory).
 * Prints "LISTENING <port>" once ready.
 * Environment: BENCH_DATABASE_URL, DATA_DIR, JWT_SECRET (app); BENCH_HTML_FILE (bare: the HTML, and <file>.br).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const mode = process.argv[2];
// Exit cleanly on SIGTERM so that --cpu-prof (BENCH_CPU_PROF) writes its profile.
process.on('SIGTERM', () => process.exit(0));

if (mode === 'app') {
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createDatabase } = await import('../apps/server/src/db/database.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL, LOG_LEVEL: 'silent' });
  const { db, dialect } = createDatabase(config.databaseUrl);
  const app = await buildApp({ config, db, dialect, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
} else if (mode === 'bare') {
  const file = process.env.BENCH_HTML_FILE!;
  const html = readFileSync(file, 'utf8');
  const br = readFileSync(`${file}.br`);
  const app = Fastify({ logger: false });
  app.get('/', (req, reply) => {
    reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
    if (/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'br').send(br);
    return reply.send(html);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`LISTENING ${(app.server.address() as { port: number }).port}`);
} else {
  console.error(`unknown mode ${mode}`);
  process.exit(2);
}
