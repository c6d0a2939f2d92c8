import { randomUUID } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CONTRACT_ID_HEADER, CONTRACT_PORT_HEADER } from './contract-headers.ts';

/**
 * API contract mode (the server-contract vitest project): `api()` sends each request through Prism,
 * which validates it and the app's answer against the served OpenAPI document. The app still
 * answers through `app.inject` with the test's exact request, in this worker, so a test sees the
 * same response as without the proxy; Prism only sees a copy on the wire.
 */

interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

interface Pending {
  app: FastifyInstance;
  options: InjectOptions;
  response?: LightMyRequestResponse;
}

const pending = new Map<string, Pending>();
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/** This worker's end of the forwarder: answers a proxied request with the app's answer to the original. */
let workerPort: Promise<number> | undefined;
function workerServer(): Promise<number> {
  workerPort ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        const call = pending.get(String(req.headers[CONTRACT_ID_HEADER]));
        if (!call) {
          res.writeHead(599).end('unknown contract call');
          return;
        }
        const answer = await call.app.inject(call.options).catch(() => null);
        if (!answer) {
          res.writeHead(599).end('the app did not answer');
          return;
        }
        call.response = answer;
        const headers = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !HOP_BY_HOP.has(k.toLowerCase())));
        res.writeHead(answer.statusCode, headers as IncomingHttpHeaders);
        res.end(answer.rawPayload);
      });
    });
    server.unref();
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
  return workerPort;
}

/** The request as light-my-request would put it on the wire. */
function wireBody(options: InjectOptions): { body?: string | Buffer; contentType?: string } {
  const payload = options.payload ?? options.body;
  if (!payload) return {};
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) return { body: payload };
  return { body: JSON.stringify(payload), contentType: 'application/json' };
}

function send(
  base: string,
  options: InjectOptions,
  extra: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { body, contentType } = wireBody(options);
  const headers: Record<string, string> = {
    ...(contentType ? { 'content-type': contentType } : {}),
    ...(options.headers as Record<string, string>),
    ...extra,
  };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    // As a browser sends it: light-my-request takes any characters in the URL, the wire only ASCII.
    const path = String(options.url).replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
    const req = request({ host: target.hostname, port: target.port, method: options.method ?? 'GET', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function violationsOf(header: string | string[] | undefined): Violation[] | string {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  try {
    return JSON.parse(text) as Violation[];
  } catch {
    return text;
  }
}

const counts = (v: Violation) => v.severity === 'Error' || v.severity === 'Warning';
const describe = (v: Violation) => `  ${v.severity} at ${v.location.join('.')}: ${v.message}`;

/**
 * What the document and the app disagree on, for one call:
 * - any violation in the app's answer (undocumented status, body not matching its schema, …);
 * - a request the document refuses (schema, security, unknown route) that the app accepted; a
 *   request the app refuses too is the test sending bad input on purpose, and its refusal was
 *   validated as an answer like any other.
 */
function disagreements(
  violations: Violation[] | string,
  status: number,
  forwarded: boolean,
  proxied: { status: number; body: string },
): string[] {
  if (typeof violations === 'string') return [`unreadable sl-violations header: ${violations.slice(0, 500)}`];
  const problems: string[] = [];
  if (!forwarded && status < 400)
    problems.push(`Prism did not forward the call (it answered ${proxied.status}: ${proxied.body.slice(0, 500)}) but the app accepts it`);
  const response = violations.filter((v) => v.location[0] === 'response' && counts(v));
  const req = violations.filter((v) => v.location[0] === 'request' && counts(v));
  if (response.length) problems.push(`the answer (${status}) does not match the document:\n${response.map(describe).join('\n')}`);
  if (req.length && status < 400)
    problems.push(`the document refuses a request the app accepts (${status}):\n${req.map(describe).join('\n')}`);
  return problems;
}

export async function throughContractProxy(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const id = randomUUID();
  const call: Pending = { app, options };
  pending.set(id, call);
  try {
    const port = await workerServer();
    // Loaded here: bench scripts import test/helpers.ts outside vitest.
    const { inject } = await import('vitest');
    const proxied = await send(inject('contractProxyUrl'), options, { [CONTRACT_ID_HEADER]: id, [CONTRACT_PORT_HEADER]: String(port) });
    const response = call.response ?? (await app.inject(options));
    const problems = disagreements(
      violationsOf(proxied.headers['sl-violations']),
      response.statusCode,
      call.response !== undefined,
      proxied,
    );
    if (problems.length)
      throw new Error(
        `API contract: ${options.method} ${options.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}\n${problems.join('\n')}`,
      );
    return response;
  } finally {
    pending.delete(id);
  }
}
