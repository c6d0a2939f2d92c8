import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushedMessage {
  to: string;
  messages: { type: string; text: string }[];
}

export interface FakeLineApi {
  url: string;
  token: string;
  /** Messages the push endpoint accepted. */
  pushed: PushedMessage[];
  /** The next push answers this status and body (LINE's error shape) instead of 200. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for the LINE Messaging API push endpoint: checks the Bearer channel token and the
 * body's shape as LINE does, answers 200 with an x-line-request-id, or a queued failure.
 */
export async function startFakeLineApi(): Promise<FakeLineApi> {
  const token = 'stand-in-channel-access-token';
  const pushed: PushedMessage[] = [];
  const failures: { status: number; body: unknown }[] = [];
  let seq = 0;
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/v2/bot/message/push') return send(404, { message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const failure = failures.shift();
    if (failure) return send(failure.status, failure.body);
    let body: PushedMessage;
    try {
      body = JSON.parse(raw) as PushedMessage;
    } catch {
      return send(400, { message: 'The request body has 1 error(s)' });
    }
    if (typeof body.to !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0)
      return send(400, { message: 'The request body has 1 error(s)', details: [{ message: 'May not be empty', property: 'messages' }] });
    pushed.push(body);
    send(200, {}, { 'x-line-request-id': `req-${++seq}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    pushed,
    failNext: (status, body) => failures.push({ status, body }),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
