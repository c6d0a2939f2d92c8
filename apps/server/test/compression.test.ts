import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../src/plugins/compression.ts';
import { api, buildAdmin, createTestApp, login, type TestApp } from './helpers.ts';

const decode = (res: LightMyRequestResponse): Buffer => {
  const raw = res.rawPayload;
  if (res.headers['content-encoding'] === 'br') return brotliDecompressSync(raw);
  if (res.headers['content-encoding'] === 'gzip') return gunzipSync(raw);
  return raw;
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
  // Enough admins that the first page of the list is well over 1 KB of JSON.
  for (let i = 0; i < 12; i++) await buildAdmin(t.db, { name: `Compression Admin ${i}` });
});
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/admin/admin/index?per_page=50';

describe('API JSON on the wire', () => {
  it('compresses an answer above 1 KB with brotli, or gzip, and decodes to the same JSON', async () => {
    const plain = await api(t.app, token).get(LIST);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const res = await api(t.app, token).get(LIST, { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/);
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res).toString('utf8')), accept).toEqual(plain.json());
    }
  });

  it('sends the JSON as it is when the client accepts no encoding we have', async () => {
    for (const accept of ['identity', 'br;q=0, gzip;q=0', '*;q=0', 'deflate', 'zstd']) {
      const res = await api(t.app, token).get(LIST, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/);
      expect(res.json().data.length, accept).toBeGreaterThan(10);
    }
  });

  it('leaves an answer under 1 KB alone', async () => {
    const res = await api(t.app, token).get('/api/admin/account/profile', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().email).toBeTruthy();
  });

  it('compresses the OpenAPI document, JSON like the rest', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(spec.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(spec).toString()).openapi).toMatch(/^3\./);
  });
});

describe('streamed answers', () => {
  it('send a stored text file as stored: its length, its ranges, no encoding', async () => {
    const content = 'A line of a construction diary that repeats.\n'.repeat(200);
    const created = await api(t.app, token).post('/api/admin/file/create-via-data', { name: 'diary.txt', content });
    const path = new URL(created.json().url, 'http://x').pathname;
    const whole = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br, gzip' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(content.length);
    expect(whole.body).toBe(content);
    const part = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toBe(content.slice(0, 10));
  });

  it('send a CSV export as it is written, an attachment without encoding', async () => {
    const res = await api(t.app, token).get('/api/admin/audit-log/export?format=csv', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.split('\n').length).toBeGreaterThan(2);
  });
});

describe('Accept-Encoding', () => {
  it('picks the highest q-value of br and gzip, br on a tie, * for what is not named', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('GZIP;Q=1, BR;Q=0.9')).toBe('gzip');
    expect(negotiateEncoding('br;q=0')).toBeNull();
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity;q=1, *;q=0')).toBeNull();
    expect(negotiateEncoding('gzip;q=nonsense, br;q=2')).toBeNull();
    expect(negotiateEncoding(['gzip', 'br;q=0.1'])).toBe('gzip');
  });
});
