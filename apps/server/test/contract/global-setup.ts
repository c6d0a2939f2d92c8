import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestApp } from '../helpers.ts';
import { CONTRACT_PORT_HEADER } from './contract-headers.ts';

/** The OpenAPI document exactly as the app serves it at /api/docs/json. */
async function servedDocument(): Promise<string> {
  const t = await createTestApp();
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
    return res.body;
  } finally {
    await t.close();
  }
}

/**
 * Prism's upstream is fixed when it starts, but every test file builds its own app in its own
 * worker: this forwarder sends each request on to the worker port the request names.
 */
function startForwarder(): Promise<Server> {
  const server = createServer((req, res) => {
    const port = Number(req.headers[CONTRACT_PORT_HEADER]);
    if (!Number.isInteger(port) || port <= 0) {
      res.writeHead(502).end(`no ${CONTRACT_PORT_HEADER} header`);
      return;
    }
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function waitUntilListening(url: string, prism: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (prism.exitCode !== null) throw new Error(`prism exited with ${prism.exitCode}:\n${output()}`);
    try {
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`prism did not listen within 60 s:\n${output()}`);
}

/**
 * Starts `prism proxy` over the document the app serves, in front of a forwarder to the test files'
 * apps; test/helpers.ts `api()` sends every request through it when API_CONTRACT is set.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'bo-contract-'));
  const spec = join(dir, 'openapi.json');
  writeFileSync(spec, await servedDocument());
  const forwarder = await startForwarder();
  const upstream = `http://127.0.0.1:${(forwarder.address() as { port: number }).port}`;
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  // Without --errors Prism still forwards a request it finds invalid and reports every violation in
  // the sl-violations header: the app's own refusal is then validated too (see contract-proxy.ts).
  const prism = spawn(
    process.execPath,
    [cli, 'proxy', spec, upstream, '--host', '127.0.0.1', '--port', String(port), '--errors=false', '--verboseLevel', 'error'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  prism.stdout!.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  prism.stderr!.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilListening(url, prism, () => output);
  } catch (err) {
    prism.kill();
    forwarder.close();
    throw err;
  }
  project.provide('contractProxyUrl', url);

  return async () => {
    if (prism.exitCode === null) {
      prism.kill();
      await once(prism, 'exit');
    }
    await new Promise((resolve) => forwarder.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  };
}
