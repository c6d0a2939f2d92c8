import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import sharp from 'sharp';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { S3Storage } from '../../lib/storage/s3-storage.ts';
import { upload } from './media.testkit.ts';

/**
 * The photo and file routes on STORAGE_DRIVER=s3 (s3rver on loopback), chosen by configuration as in
 * production. The storage contract itself is in lib/storage; this proves the wiring end to end.
 */
let t: TestApp;
let server: S3rver;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bo-s3rver-app-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'bo-app' }));
  client.destroy();
  t = await createTestApp({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'bo-app',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('photos and files on S3-compatible storage', () => {
  it('is the configured driver', () => {
    expect(t.app.storage).toBeInstanceOf(S3Storage);
  });

  it('stores photo variants and serves them with ranges; deleting removes them', async () => {
    const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PHOTO'] }));
    const input = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const res = await upload(t.app, token, '/api/admin/photo/upload', { name: 'a.jpg', data: input });
    expect(res.statusCode).toBe(200);
    const small = await t.app.inject({ method: 'GET', url: res.json().size_list.small.webp_url });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
    const part = await t.app.inject({ method: 'GET', url: res.json().url, headers: { range: 'bytes=0-1' } });
    expect(part.statusCode).toBe(206);
    expect([...part.rawPayload]).toEqual([0xff, 0xd8]);
    expect((await api(t.app, token).delete('/api/admin/photo/batch', { ids: [res.json().id] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: res.json().url })).statusCode).toBe(404);
  });

  it('streams a file upload larger than one multipart part and serves a signed link', async () => {
    const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
    const data = Buffer.alloc(9 * 1024 * 1024 + 5, 3);
    const file = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'survey.bin', data })).json();
    expect(file.size).toBe(data.length);
    const signed = (await api(t.app, token).post('/api/admin/file/signed-url', { path: file.path, ttl: 60 })).json();
    const u = new URL(signed.url);
    const res = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(data.length);
  });
});
