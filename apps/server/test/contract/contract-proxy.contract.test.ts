import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers.ts';

/**
 * The contract check itself (server-contract project only): a stand-in app that answers documented
 * paths the wrong way must fail the call, and one that answers as documented must pass.
 */
let fake: FastifyInstance;
beforeAll(async () => {
  fake = Fastify();
  fake.get('/api/settings', async () => ({ recaptcha: { client: null } }));
  fake.post('/api/admin/account/login', async (req, reply) => {
    const body = req.body as { email?: string; password?: string };
    if (!body.password) return reply.code(400).send({ message: 'Bad Request', errors: { password: ['validate.error.required'] } });
    if (body.password === 'teapot') return reply.code(418).send({ message: 'teapot' });
    if (body.password === 'loose') return reply.code(401).send({ error: 'no message field' });
    return { token: 'a.b.c' };
  });
  fake.put('/api/admin/account/renew', async () => ({ token: 'a.b.c' }));
  fake.get('/api/not-in-the-reference', async () => ({ ok: true }));
  await fake.ready();
});
afterAll(async () => {
  await fake?.close();
});

describe('API contract check', () => {
  it('passes an answer the document describes, a refusal included', async () => {
    expect((await api(fake).post('/api/admin/account/login', { email: 'a@example.com', password: 'x' })).statusCode).toBe(200);
    expect((await api(fake).post('/api/admin/account/login', { email: 'a@example.com' })).statusCode).toBe(400);
  });

  it('fails an answer whose body does not match its schema', async () => {
    await expect(api(fake).get('/api/settings')).rejects.toThrow(/the answer \(200\) does not match the document/);
  });

  it('fails an undocumented status and an error body without its message', async () => {
    await expect(api(fake).post('/api/admin/account/login', { email: 'a@example.com', password: 'teapot' })).rejects.toThrow(
      /does not match the document/,
    );
    await expect(api(fake).post('/api/admin/account/login', { email: 'a@example.com', password: 'loose' })).rejects.toThrow(
      /the answer \(401\) does not match/,
    );
  });

  it('fails a request the document refuses but the app accepts: bad body, missing token, unknown route', async () => {
    await expect(api(fake).post('/api/admin/account/login', { email: 'not-an-email', password: 'x' })).rejects.toThrow(
      /the document refuses a request the app accepts/,
    );
    await expect(api(fake).put('/api/admin/account/renew', {})).rejects.toThrow(/the document refuses a request the app accepts/);
    await expect(api(fake).get('/api/not-in-the-reference')).rejects.toThrow(/the document refuses a request the app accepts/);
  });
});
