import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { FINGERPRINT } from '../../../test/helpers.ts';
import { uploadMultipart, type MultipartFile } from '../../../test/multipart.ts';

/** Uploads one file part, as the photo and file screens do. */
export const upload = (app: FastifyInstance, token: string, url: string, file: MultipartFile) => uploadMultipart(app, token, url, {}, file);

/**
 * A request over a real socket with the path sent byte for byte (inject and fetch normalise
 * `..` and `%2e%2e` away, so traversal probes need this).
 */
export async function rawRequest(
  app: FastifyInstance,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; fingerprint?: boolean; raw?: { payload: Buffer; headers: Record<string, string> } } = {},
) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const payload = opts.raw?.payload ?? (opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)));
  return new Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(opts.fingerprint === false ? {} : { 'x-fingerprint': FINGERPRINT }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...opts.raw?.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ statusCode: res.statusCode!, body: Buffer.concat(chunks).toString(), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Path-parameter values that try to leave their segment. */
export const TRAVERSAL_PROBES = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '..%5c..%5cwin.ini',
  'a%00b',
  '%252e%252e',
  '.',
  '%2fetc%2fpasswd',
];
