import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { startFakeGoogleApi, type FakeGoogleApi } from '../../../test/fake-google-api.ts';
import { startFakeLineApi, type FakeLineApi } from '../../../test/fake-line-api.ts';

const TARGET = `U${'0123456789abcdef'.repeat(2)}`;
const FOLDER = '1AbC_dEf-GhIjKlMnOp';

let line: FakeLineApi;
let google: FakeGoogleApi;
let keyDir: string;
let t: TestApp;
let bare: TestApp;
let superToken: string;

beforeAll(async () => {
  keyDir = mkdtempSync(join(tmpdir(), 'bo-drive-key-'));
  line = await startFakeLineApi();
  google = await startFakeGoogleApi(join(keyDir, 'service-account.json'));
  t = await createTestApp({ LINE_MESSAGING_ACCESS_TOKEN: line.token, LINE_MESSAGING_API_URL: line.url, ...google.env });
  bare = await createTestApp();
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await line?.close();
  await google?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const send = (body: unknown, app = t) => api(app.app, superToken).post('/api/admin/send-line-message', body);
const check = (body: unknown, app = t) => api(app.app, superToken).post('/api/admin/test-google-drive-permission', body);
const lastAudit = (type: string) =>
  t.db.selectFrom('audit_logs').selectAll().where('target_type', '=', type).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('LINE messages', () => {
  it('pushes the text through the Messaging API and records it', async () => {
    const res = await send({ target: TARGET, message: '工地明天停工一天' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: true, request_id: expect.stringMatching(/^req-/) });
    expect(line.pushed.at(-1)).toEqual({ to: TARGET, messages: [{ type: 'text', text: '工地明天停工一天' }] });
    const entry = await lastAudit('line_message');
    expect(entry.action).toBe('send');
    expect(JSON.parse(entry.after!)).toMatchObject({ target: TARGET, length: 8 });
    expect(entry.after).not.toContain(line.token);
  });

  it("answers LINE's refusals in LINE's words, never a 500, and records the failure", async () => {
    line.failNext(400, {
      message: 'The request body has 1 error(s)',
      details: [{ message: 'The property, to, is invalid', property: 'to' }],
    });
    const bad = await send({ target: TARGET, message: 'x' });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().message).toBe('LINE refused (400): The request body has 1 error(s); to: The property, to, is invalid');
    expect((await lastAudit('line_message')).action).toBe('send_failed');

    line.failNext(429, { message: 'You have reached your monthly limit.' });
    const limited = await send({ target: TARGET, message: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('monthly limit');

    line.failNext(500, { message: 'Internal error' });
    expect((await send({ target: TARGET, message: 'x' })).json()).toEqual({ message: 'LINE is unavailable' });

    const wrongToken = await createTestApp({ LINE_MESSAGING_ACCESS_TOKEN: 'not-the-token', LINE_MESSAGING_API_URL: line.url });
    try {
      const token = await login(wrongToken.app, await buildAdmin(wrongToken.db, { roles: ['ROLE_SUPER_ADMIN'] }));
      const res = await api(wrongToken.app, token).post('/api/admin/send-line-message', { target: TARGET, message: 'x' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('Authentication failed');
      expect(res.body).not.toContain('not-the-token');
    } finally {
      await wrongToken.close();
    }
  });

  it('refuses a bad target or message with field errors, and says when LINE is not configured', async () => {
    const bad = await send({ target: 'someone', message: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ target: ['validate.error.invalid'], message: ['validate.error.required'] });
    expect((await send({ target: TARGET, message: 'x'.repeat(5001) })).json().errors).toEqual({ message: ['validate.error.invalid'] });
    const token = await login(bare.app, await buildAdmin(bare.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    const off = await api(bare.app, token).post('/api/admin/send-line-message', { target: TARGET, message: 'x' });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('LINE messaging is not configured');
  });
});

describe('Google Drive check', () => {
  it('answers what the service account may do in a shared folder, signing in with its key', async () => {
    google.folders.set(FOLDER, {
      name: '工地照片',
      capabilities: { canListChildren: true, canDownload: true, canAddChildren: true, canEdit: true },
    });
    const res = await check({ folder_id: FOLDER });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      service_account: google.serviceAccount,
      folder: { id: FOLDER, name: '工地照片' },
      can_read: true,
      can_write: true,
      reason: null,
    });
    const readOnly = `${FOLDER}-ro`;
    google.folders.set(readOnly, { name: '唯讀', capabilities: { canListChildren: true, canDownload: true } });
    expect((await check({ folder_id: readOnly })).json()).toMatchObject({ can_read: true, can_write: false });
    const entry = await lastAudit('google_drive');
    expect(entry).toMatchObject({ action: 'test_permission', target_id: readOnly });
  });

  it('says why not: a folder not shared with it, a file that is not a folder', async () => {
    expect((await check({ folder_id: 'NotSharedFolder123' })).json()).toMatchObject({ folder: null, can_read: false, reason: 'not_found' });
    google.folders.set('AFileNotAFolder', { name: 'plan.pdf', mimeType: 'application/pdf', capabilities: { canDownload: true } });
    expect((await check({ folder_id: 'AFileNotAFolder' })).json()).toMatchObject({ can_read: false, reason: 'not_a_folder' });
  });

  it('refuses a bad folder id, an unconfigured check, and a key Google does not accept, never with a 500', async () => {
    const bad = await check({ folder_id: '../../etc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ folder_id: ['validate.error.invalid'] });
    const token = await login(bare.app, await buildAdmin(bare.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    const off = await api(bare.app, token).post('/api/admin/test-google-drive-permission', { folder_id: FOLDER });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('The Google Drive check is not configured');

    // A key of another service account (not the one the stand-in knows): Google refuses its signature.
    const { generateKeyPairSync } = await import('node:crypto');
    const otherKey = join(keyDir, 'other.json');
    writeFileSync(
      otherKey,
      JSON.stringify({
        client_email: google.serviceAccount,
        private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
        token_uri: `${google.url}/token`,
      }),
    );
    const brokenKey = join(keyDir, 'broken.json');
    writeFileSync(brokenKey, JSON.stringify({ client_email: 'x@example.com', private_key: 'not a key', token_uri: `${google.url}/token` }));
    for (const [file, status, message] of [
      [otherKey, 502, 'Google refused the service account: Invalid JWT Signature.'],
      [brokenKey, 409, 'The Google service account key is not a valid private key'],
      [join(keyDir, 'missing.json'), 409, 'The Google service account key cannot be read'],
    ] as const) {
      const app = await createTestApp({ ...google.env, GOOGLE_SERVICE_ACCOUNT_KEY_FILE: file });
      try {
        const tok = await login(app.app, await buildAdmin(app.db, { roles: ['ROLE_SUPER_ADMIN'] }));
        const res = await api(app.app, tok).post('/api/admin/test-google-drive-permission', { folder_id: FOLDER });
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toBe(message);
        expect(res.body).not.toContain('PRIVATE KEY');
      } finally {
        await app.close();
      }
    }
  });
});
