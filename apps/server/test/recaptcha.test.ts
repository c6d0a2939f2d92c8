import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, type BuiltAdmin, type TestApp } from './helpers.ts';

/** Plays Google's siteverify: form-encoded secret/response/remoteip in, JSON out. */
const SECRET = 'test-recaptcha-secret';
const received: URLSearchParams[] = [];
let verifier: Server;
let verifyUrl: string;
let t: TestApp;
let admin: BuiltAdmin;

beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const ok = form.get('secret') === SECRET;
      const answer =
        form.get('response') === 'good-token' && ok
          ? { success: true, score: 0.9, action: 'login', hostname: 'localhost' }
          : form.get('response') === 'bot-token' && ok
            ? { success: true, score: 0.1, action: 'login', hostname: 'localhost' }
            : { success: false, 'error-codes': ['invalid-input-response'] };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
  verifyUrl = `http://127.0.0.1:${(verifier.address() as { port: number }).port}/recaptcha/api/siteverify`;
  t = await createTestApp({ RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_SECRET: SECRET, RECAPTCHA_VERIFY_URL: verifyUrl });
  admin = await buildAdmin(t.db);
});
afterAll(async () => {
  await t?.close();
  if (verifier.listening) await new Promise((r) => verifier.close(r));
});

const loginWith = (recaptcha?: string) =>
  api(t.app).post('/api/admin/account/login', {
    email: admin.email,
    password: admin.password,
    ...(recaptcha === undefined ? {} : { recaptcha }),
  });

describe('reCAPTCHA on sign-in', () => {
  it('publishes the site key in the public settings', async () => {
    expect((await api(t.app).get('/api/settings')).json().recaptcha).toEqual({ client: 'site-key-123' });
  });

  it('signs in with a token the verifier accepts, sending secret, token and client ip', async () => {
    const res = await loginWith('good-token');
    expect(res.statusCode).toBe(200);
    const form = received.at(-1)!;
    expect(Object.fromEntries(form)).toEqual({ secret: SECRET, response: 'good-token', remoteip: '127.0.0.1' });
  });

  it('refuses a bad token, a low score and a missing token with 423 Recaptcha verify fail', async () => {
    for (const token of ['bad-token', 'bot-token', undefined, '']) {
      const res = await loginWith(token);
      expect(res.statusCode, String(token)).toBe(423);
      expect(res.json()).toEqual({ message: 'Recaptcha verify fail' });
    }
  });

  it("checks the site's contact form the same way: a contact is stored only with a good token", async () => {
    const send = (recaptcha?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/contact',
        payload: { name: '陳先生', email: 'chen@example.com', message: '報價', ...(recaptcha === undefined ? {} : { recaptcha }) },
        remoteAddress: `10.40.0.${recaptcha?.length ?? 0}`,
      });
    for (const token of [undefined, 'bad-token', 'bot-token']) expect((await send(token)).statusCode, String(token)).toBe(423);
    expect(await t.db.selectFrom('contacts').select('id').execute()).toEqual([]);
    expect((await send('good-token')).statusCode).toBe(200);
    expect(await t.db.selectFrom('contacts').select('id').execute()).toHaveLength(1);
  });

  it('refuses with 423 when the verifier is down, and does not sign in', async () => {
    await new Promise((r) => verifier.close(r));
    const res = await loginWith('good-token');
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ message: 'Recaptcha verify fail' });
  });
});
