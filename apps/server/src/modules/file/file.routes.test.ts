import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { api, buildAdmin, buildOrganization, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { rawRequest, TRAVERSAL_PROBES, upload } from './media.testkit.ts';
import { LinkSigner, signedPath } from './signed-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNED_URL_MAX_TTL_SECONDS: '7200', LOGIN_RATE_LIMIT_PER_IP: '1000' });
});
afterAll(async () => {
  await t?.close();
});

async function member(organizationId?: number, roles = ['ROLE_BASE']) {
  const admin = await buildAdmin(t.db, { roles, memberships: organizationId ? { [organizationId]: [] } : {} });
  return { admin, token: await login(t.app, admin, organizationId ? { organizationId } : {}) };
}
const signedUrlPath = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('file upload and list', () => {
  it('stores an upload under a generated name and lists it with folders, search and type filter', async () => {
    const org = await buildOrganization(t.db);
    const { token } = await member(org.id);
    const a = api(t.app, token);
    const pdf = await upload(t.app, token, '/api/admin/file/upload?folder=contracts/2026', {
      name: '合約 A.pdf',
      data: Buffer.from('%PDF-1.4\n%test\n'),
      type: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json()).toMatchObject({
      name: '合約 A.pdf',
      folder: 'contracts/2026',
      type: 'document',
      mime: 'application/pdf',
      is_private: false,
      organization_id: org.id,
    });
    expect(pdf.json().path).toBe(`public/${pdf.json().uid}/合約 A.pdf`);
    expect(pdf.json().url).toBe(`/api/files/public/files/${pdf.json().uid}.pdf`);
    await upload(t.app, token, '/api/admin/file/upload?folder=photos', {
      name: 'site.png',
      data: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    });
    await upload(t.app, token, '/api/admin/file/upload', { name: 'readme.txt', data: Buffer.from('hello') });

    const root = (await a.get('/api/admin/file/index?folder=')).json();
    expect(root.data.map((f: any) => f.name)).toEqual(['readme.txt']);
    expect(root.folders).toEqual(['contracts', 'photos']);
    expect((await a.get('/api/admin/file/index?folder=contracts')).json().folders).toEqual(['contracts/2026']);
    expect((await a.get('/api/admin/file/index?folder=contracts/2026')).json().data.map((f: any) => f.name)).toEqual(['合約 A.pdf']);
    expect((await a.get('/api/admin/file/index')).json().meta.total).toBe(3);
    expect((await a.get('/api/admin/file/index?keyword=READ')).json().data.map((f: any) => f.name)).toEqual(['readme.txt']);
    expect((await a.get('/api/admin/file/index?type=image')).json().data.map((f: any) => f.name)).toEqual(['site.png']);
    expect((await a.get('/api/admin/file/index?type=spreadsheet')).statusCode).toBe(400);
  });

  it('stores an HTML file renamed .png as opaque binary, served only as an attachment', async () => {
    const { token } = await member();
    const res = await upload(t.app, token, '/api/admin/file/upload', {
      name: 'cat.png',
      data: Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      type: 'image/png',
    });
    expect(res.json()).toMatchObject({ mime: 'application/octet-stream', type: 'other' });
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('serves SVG and HTML as sandboxed attachments, never inline', async () => {
    const { token } = await member();
    for (const [name, data] of [
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['page.html', '<script>alert(1)</script>'],
    ]) {
      const file = (await upload(t.app, token, '/api/admin/file/upload', { name, data: Buffer.from(data) })).json();
      const res = await t.app.inject({ method: 'GET', url: file.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('creates a file from text or base64 content', async () => {
    const { token } = await member();
    const a = api(t.app, token);
    const text = await a.post('/api/admin/file/create-via-data', { name: 'notes.txt', content: 'line 1\n', folder: 'notes' });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ name: 'notes.txt', size: 7, mime: 'text/plain', folder: 'notes' });
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const b64 = await a.post('/api/admin/file/create-via-data', {
      name: 'dot.png',
      content: png.toString('base64'),
      encoding: 'base64',
      private: true,
    });
    expect(b64.json()).toMatchObject({ mime: 'image/png', is_private: true, size: png.length });
    expect((await a.post('/api/admin/file/create-via-data', { name: 'x.bin', content: '***', encoding: 'base64' })).statusCode).toBe(400);
    for (const name of ['../x.txt', 'a/b.txt', 'a\\b.txt', '..', 'a%2fb']) {
      expect((await a.post('/api/admin/file/create-via-data', { name, content: 'x' })).statusCode, name).toBe(400);
    }
  });

  it('refuses an upload over UPLOAD_MAX_BYTES with 413 and keeps nothing', async () => {
    const limited = await createTestApp({ UPLOAD_MAX_BYTES: '2048' });
    try {
      const admin = await buildAdmin(limited.db, { roles: ['ROLE_BASE'] });
      const token = await login(limited.app, admin);
      const res = await upload(limited.app, token, '/api/admin/file/upload', { name: 'big.bin', data: Buffer.alloc(3000, 1) });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is larger than the limit of 2048 bytes');
      const exact = await upload(limited.app, token, '/api/admin/file/upload', { name: 'exact.bin', data: Buffer.alloc(2048, 1) });
      expect(exact.statusCode).toBe(200);
      expect(
        (await api(limited.app, token).post('/api/admin/file/create-via-data', { name: 'big.txt', content: 'x'.repeat(3000) })).statusCode,
      ).toBe(413);
      expect((await api(limited.app, token).get('/api/admin/file/index')).json().meta.total).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('serving public files', () => {
  it('answers Range, ETag and Cache-Control', async () => {
    const { token } = await member();
    const file = (await upload(t.app, token, '/api/admin/file/upload', { name: 'digits.txt', data: Buffer.from('0123456789') })).json();
    const full = await t.app.inject({ method: 'GET', url: file.url });
    expect(full.body).toBe('0123456789');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.headers['content-disposition']).toBe('inline');
    const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=-3' } })).body).toBe('789');
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=20-' } })).statusCode).toBe(416);
    expect((await t.app.inject({ method: 'GET', url: file.url, headers: { 'if-none-match': String(full.headers.etag) } })).statusCode).toBe(
      304,
    );
  });

  it('does not serve private files through the public address', async () => {
    const { token } = await member();
    const file = (
      await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'secret.txt', data: Buffer.from('secret') })
    ).json();
    const key = file.url; // the private url needs a token
    expect(key).toMatch(/^\/api\/admin\/file\/get-private-file\//);
    const guess = await t.app.inject({ method: 'GET', url: `/api/files/public/files/${file.uid}.txt` });
    expect(guess.statusCode).toBe(404);
  });

  it('refuses traversal and encoded traversal in the public path with 400', async () => {
    for (const probe of [...TRAVERSAL_PROBES, 'files/..%2f..%2fapp.sqlite', 'files/%2e%2e/x.txt', '..\\..\\x', 'files/a%00.txt']) {
      const res = await rawRequest(t.app, 'GET', `/api/files/public/${probe}`, { fingerprint: false });
      expect(res.statusCode, probe).toBe(400);
    }
  });
});

describe('private files', () => {
  it('serves a private file only to admins of the owning organization', async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const a = await member(orgA.id);
    const b = await member(orgB.id);
    const file = (
      await upload(t.app, a.token, '/api/admin/file/upload?private=1', { name: 'payroll.csv', data: Buffer.from('a,b\n1,2\n') })
    ).json();
    const own = await api(t.app, a.token).get(file.url);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('a,b\n1,2\n');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await api(t.app, b.token).get(file.url)).statusCode).toBe(404);
    expect((await api(t.app, b.token).post('/api/admin/file/download', { id: file.id })).statusCode).toBe(404);
    expect((await api(t.app, b.token).delete(`/api/admin/file/${file.id}`)).statusCode).toBe(404);
    expect((await api(t.app, b.token).get('/api/admin/file/index')).json().data.map((f: any) => f.id)).not.toContain(file.id);
    expect((await api(t.app, a.token).get(`/api/admin/file/get-private-file/${file.uid}/other.csv`)).statusCode).toBe(404);
    expect((await api(t.app).get(file.url)).statusCode).toBe(401);
  });

  it('keeps files of no organization to their uploader (and super admins): two unrelated admins share nothing', async () => {
    const x = await member();
    const y = await member();
    const superAdmin = await member(undefined, ['ROLE_SUPER_ADMIN']);
    const secret = (
      await upload(t.app, x.token, '/api/admin/file/upload?private=true', { name: 'secret.txt', data: Buffer.from('s') })
    ).json();
    const shown = (
      await upload(t.app, x.token, '/api/admin/file/upload?folder=mine', { name: 'shown.txt', data: Buffer.from('p') })
    ).json();
    expect(secret.organization_id).toBe(null);
    const asY = api(t.app, y.token);
    expect((await asY.get(secret.url)).statusCode).toBe(404);
    expect((await asY.post('/api/admin/file/download', { id: secret.id })).statusCode).toBe(404);
    expect((await asY.post('/api/admin/file/signed-url', { path: secret.path, ttl: 60 })).statusCode).toBe(404);
    expect((await asY.delete(`/api/admin/file/${secret.id}`)).statusCode).toBe(404);
    expect((await asY.delete('/api/admin/file/batch', { ids: [shown.id] })).statusCode).toBe(404);
    const listed = (await asY.get('/api/admin/file/index')).json();
    expect(listed.data.map((f: any) => f.id)).not.toContain(secret.id);
    expect(listed.folders).not.toContain('mine');
    // The uploader and a super admin still read it.
    expect((await api(t.app, x.token).get(secret.url)).statusCode).toBe(200);
    expect((await api(t.app, superAdmin.token).get(secret.url)).statusCode).toBe(200);
    expect((await api(t.app, superAdmin.token).post('/api/admin/file/download', { id: secret.id })).statusCode).toBe(200);
    expect((await api(t.app, x.token).delete(`/api/admin/file/${secret.id}`)).statusCode).toBe(200);
  });

  it('downloads any file as an attachment blob', async () => {
    const { token } = await member();
    const file = (await upload(t.app, token, '/api/admin/file/upload', { name: '報價單.txt', data: Buffer.from('quote') })).json();
    const res = await api(t.app, token).post('/api/admin/file/download', { id: file.id });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('quote');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="___.txt"; filename*=UTF-8''${encodeURIComponent('報價單.txt')}`);
  });

  it('refuses traversal in every path parameter with 400', async () => {
    const { token } = await member();
    const file = (await upload(t.app, token, '/api/admin/file/upload?private=1', { name: 'x.txt', data: Buffer.from('x') })).json();
    for (const probe of TRAVERSAL_PROBES) {
      for (const path of [
        `/api/admin/file/get-private-file/${probe}/x.txt`,
        `/api/admin/file/get-private-file/${file.uid}/${probe}`,
        `/api/files/signed/${probe}/x.txt?e=1&i=1&s=1&sig=x`,
        `/api/files/signed/${file.uid}/${probe}?e=1&i=1&s=1&sig=x`,
      ]) {
        expect((await rawRequest(t.app, 'GET', path, { token })).statusCode, path).toBe(400);
      }
      expect((await rawRequest(t.app, 'DELETE', `/api/admin/file/${probe}`, { token })).statusCode, probe).toBe(400);
    }
  });
});

describe('deleting files', () => {
  it('deletes one file and a batch all or nothing, stored objects included', async () => {
    const { token } = await member();
    const a = api(t.app, token);
    const [f1, f2, f3] = await Promise.all(
      ['1.txt', '2.txt', '3.txt'].map(async (name) =>
        (await upload(t.app, token, '/api/admin/file/upload', { name, data: Buffer.from(name) })).json(),
      ),
    );
    expect((await a.delete(`/api/admin/file/${f1.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: f1.url })).statusCode).toBe(404);
    expect((await a.delete('/api/admin/file/batch', { ids: [f2.id, f1.id] })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: f2.url })).statusCode).toBe(200);
    expect((await a.delete('/api/admin/file/batch', { ids: [f2.id, f3.id] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: f3.url })).statusCode).toBe(404);
    const audits = await t.db
      .selectFrom('audit_logs')
      .select('target_id')
      .where('target_type', '=', 'file')
      .where('action', '=', 'delete')
      .execute();
    expect(audits.map((r) => Number(r.target_id))).toEqual(expect.arrayContaining([f1.id, f2.id, f3.id]));
  });
});

describe('signed links', () => {
  it('serves the file without token or fingerprint until it expires and records each opening', async () => {
    const org = await buildOrganization(t.db);
    const { admin, token } = await member(org.id);
    const file = (
      await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'plan.txt', data: Buffer.from('the plan') })
    ).json();
    const res = await api(t.app, token).post('/api/admin/file/signed-url', { path: file.path, ttl: 600, payload: { reason: 'inspector' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().ttl).toBe(600);
    const opened = await t.app.inject({
      method: 'GET',
      url: signedUrlPath(res.json().url),
      headers: { 'user-agent': 'inspector-browser' },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('the plan');
    const opens = await t.db.selectFrom('signed_link_opens').selectAll().where('file_id', '=', file.id).execute();
    expect(opens).toHaveLength(1);
    expect(opens[0]).toMatchObject({
      signer_id: admin.id,
      organization_id: org.id,
      user_agent: 'inspector-browser',
      payload: '{"reason":"inspector"}',
    });
    expect(opens[0].ip).toBeTruthy();
  });

  it('caps the ttl at SIGNED_URL_MAX_TTL_SECONDS', async () => {
    const { token } = await member();
    const file = (await upload(t.app, token, '/api/admin/file/upload', { name: 'a.txt', data: Buffer.from('a') })).json();
    const res = await api(t.app, token).post('/api/admin/file/signed-url', { path: file.path, ttl: 10 * 86400 });
    expect(res.json().ttl).toBe(7200);
    expect(Date.parse(res.json().expires_at) - Date.now()).toBeLessThanOrEqual(7200 * 1000);
  });

  it('answers 403 to a tampered link', async () => {
    const { token } = await member();
    const file = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'a.txt', data: Buffer.from('a') })).json();
    const other = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'a.txt', data: Buffer.from('b') })).json();
    const url = new URL((await api(t.app, token).post('/api/admin/file/signed-url', { path: file.path, ttl: 60 })).json().url);
    const tamper = (f: (u: URL) => void) => {
      const u = new URL(url);
      f(u);
      return `${u.pathname}${u.search}`;
    };
    const cases = [
      tamper((u) => u.searchParams.set('e', String(Number(u.searchParams.get('e')) + 3600))),
      tamper((u) => u.searchParams.set('s', '1')),
      tamper((u) => u.searchParams.set('p', 'eyJhIjoxfQ')),
      tamper((u) => {
        u.pathname = u.pathname.replace(file.uid, other.uid);
      }),
      tamper((u) => u.searchParams.set('sig', `${u.searchParams.get('sig')!.slice(0, -2)}AA`)),
      // Missing, repeated or malformed parts are refused the same way.
      ...['sig', 'e', 'i', 's'].map((k) => tamper((u) => u.searchParams.delete(k))),
      ...['e', 'i', 's'].flatMap((k) => ['abc', '1.5', '-1', '', '1e3'].map((v) => tamper((u) => u.searchParams.set(k, v)))),
      tamper((u) => u.searchParams.set('s', '0')),
      tamper((u) => u.searchParams.append('e', '1')),
      tamper((u) => u.searchParams.set('p', 'not base64url!')),
      tamper((u) => u.searchParams.set('p', 'A'.repeat(5000))),
      tamper((u) => u.searchParams.set('sig', 'x'.repeat(500))),
    ];
    for (const path of cases) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toEqual({ message: 'Invalid signature' });
    }
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
  });

  it('signs a payload only as large as a link can carry, and opens every link it signs', async () => {
    const { token } = await member();
    const file = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'p.txt', data: Buffer.from('p') })).json();
    const sign = (payload: unknown) => api(t.app, token).post('/api/admin/file/signed-url', { path: file.path, ttl: 60, payload });
    // 1400 bytes of JSON: {"k":"…"} with multi-byte text counts bytes, not characters.
    const largest = { k: 'é'.repeat(696) };
    expect(new TextEncoder().encode(JSON.stringify(largest)).length).toBe(1400);
    for (const payload of [largest, 'x'.repeat(500)]) {
      const res = await sign(payload);
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: signedUrlPath(res.json().url) })).statusCode).toBe(200);
    }
    for (const payload of [{ k: 'y'.repeat(5000) }, { k: 'é'.repeat(697) }]) {
      const res = await sign(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ payload: ['validate.error.invalid'] });
    }
  });

  it('stops opening once the signer is disabled, leaves the organization or loses every ROLE_ role', async () => {
    const org = await buildOrganization(t.db);
    const signLink = async () => {
      const { admin, token } = await member(org.id);
      const file = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 's.txt', data: Buffer.from('s') })).json();
      const url = signedUrlPath((await api(t.app, token).post('/api/admin/file/signed-url', { path: file.path, ttl: 600 })).json().url);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      return { admin, url };
    };
    const revoked = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'Link revoked' });
    };
    const disabled = await signLink();
    await t.db.updateTable('admins').set({ status: 'disabled' }).where('id', '=', disabled.admin.id).execute();
    await revoked(disabled.url);
    const left = await signLink();
    await t.db.deleteFrom('organization_members').where('admin_id', '=', left.admin.id).execute();
    await revoked(left.url);
    const demoted = await signLink();
    await t.db.updateTable('admins').set({ roles: '[]' }).where('id', '=', demoted.admin.id).execute();
    await revoked(demoted.url);
    // A super admin's link opens a file of any organization; a file of no organization needs its uploader or a super admin.
    const superAdmin = await member(undefined, ['ROLE_SUPER_ADMIN']);
    const { token } = await member(org.id);
    const file = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'o.txt', data: Buffer.from('o') })).json();
    const superToken = await login(t.app, superAdmin.admin, { organizationId: org.id });
    const superLink = signedUrlPath(
      (await api(t.app, superToken).post('/api/admin/file/signed-url', { path: file.path, ttl: 600 })).json().url,
    );
    expect((await t.app.inject({ method: 'GET', url: superLink })).statusCode).toBe(200);
    await t.db.updateTable('organizations').set({ status: 'disabled' }).where('id', '=', org.id).execute();
    expect((await t.app.inject({ method: 'GET', url: superLink })).statusCode).toBe(200);
    const { admin: x, token: xt } = await member();
    const own = (await upload(t.app, xt, '/api/admin/file/upload?private=true', { name: 'n.txt', data: Buffer.from('n') })).json();
    const signer = new LinkSigner(t.config.jwtSecret);
    const issued = Math.floor(Date.now() / 1000);
    const forged = (signerId: number) => {
      const parts = {
        method: 'GET' as const,
        path: signedPath(own.uid, own.name),
        expires: issued + 60,
        issued,
        signer: signerId,
        payload: '',
      };
      return `${parts.path}?e=${parts.expires}&i=${issued}&s=${signerId}&sig=${signer.sign(parts)}`;
    };
    expect((await t.app.inject({ method: 'GET', url: forged(x.id) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: forged(superAdmin.admin.id) })).statusCode).toBe(200);
    await revoked(forged((await member()).admin.id));
  });

  it('answers 403 to an expired link', async () => {
    const { admin, token } = await member();
    const file = (await upload(t.app, token, '/api/admin/file/upload?private=true', { name: 'old.txt', data: Buffer.from('a') })).json();
    const signer = new LinkSigner(t.config.jwtSecret);
    const issued = Math.floor(Date.now() / 1000) - 120;
    const parts = {
      method: 'GET' as const,
      path: signedPath(file.uid, file.name),
      expires: issued + 60,
      issued,
      signer: admin.id,
      payload: '',
    };
    const res = await t.app.inject({
      method: 'GET',
      url: `${parts.path}?e=${parts.expires}&i=${issued}&s=${admin.id}&sig=${signer.sign(parts)}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Link expired' });
  });

  it('will not sign a path of another organization or a path that does not exist', async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const a = await member(orgA.id);
    const b = await member(orgB.id);
    const file = (await upload(t.app, a.token, '/api/admin/file/upload?private=true', { name: 'a.txt', data: Buffer.from('a') })).json();
    expect((await api(t.app, b.token).post('/api/admin/file/signed-url', { path: file.path, ttl: 60 })).statusCode).toBe(404);
    expect(
      (await api(t.app, a.token).post('/api/admin/file/signed-url', { path: file.path.replace('private/', 'public/'), ttl: 60 }))
        .statusCode,
    ).toBe(404);
    for (const path of [
      '../../app.sqlite',
      'private/../x',
      `private/${file.uid}/../a.txt`,
      `private/${file.uid}/a%2e.txt`,
      '/etc/passwd',
      `private/${file.uid}/a\\b`,
    ]) {
      expect((await api(t.app, a.token).post('/api/admin/file/signed-url', { path, ttl: 60 })).statusCode, path).toBe(400);
    }
  });
});

describe('another organization', () => {
  it('answers 404 for its file on download and delete, and a batch holding one of its files deletes nothing', async () => {
    const orgA = await buildOrganization(t.db);
    const orgB = await buildOrganization(t.db);
    const a = await member(orgA.id);
    const b = await member(orgB.id);
    const theirs = (await upload(t.app, a.token, '/api/admin/file/upload', { name: 'a.txt', data: Buffer.from('a') })).json();
    const mine = (await upload(t.app, b.token, '/api/admin/file/upload', { name: 'b.txt', data: Buffer.from('b') })).json();
    expect((await api(t.app, b.token).post('/api/admin/file/download', { id: theirs.id })).statusCode).toBe(404);
    expect((await api(t.app, b.token).delete(`/api/admin/file/${theirs.id}`)).statusCode).toBe(404);
    expect((await api(t.app, b.token).delete('/api/admin/file/batch', { ids: [mine.id, theirs.id] })).statusCode).toBe(404);
    for (const f of [mine, theirs]) expect((await t.app.inject({ method: 'GET', url: f.url })).statusCode).toBe(200);
    expect((await api(t.app, b.token).post('/api/admin/file/download', { id: mine.id })).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('needs a ROLE_ role for every file call', async () => {
    const org = await buildOrganization(t.db);
    const { token } = await member(org.id, []);
    const a = api(t.app, token);
    expect((await a.get('/api/admin/file/index')).statusCode).toBe(403);
    expect((await upload(t.app, token, '/api/admin/file/upload', { name: 'a.txt', data: Buffer.from('a') })).statusCode).toBe(403);
    expect((await a.post('/api/admin/file/create-via-data', { name: 'a.txt', content: 'a' })).statusCode).toBe(403);
    expect((await a.post('/api/admin/file/download', { id: 1 })).statusCode).toBe(403);
    expect((await a.post('/api/admin/file/signed-url', { path: 'private/aaaaaaaaaaaaaaaaaaaa/a.txt', ttl: 60 })).statusCode).toBe(403);
    expect((await a.delete('/api/admin/file/batch', { ids: [1] })).statusCode).toBe(403);
    expect((await a.delete('/api/admin/file/1')).statusCode).toBe(403);
    expect((await a.get('/api/admin/file/get-private-file/aaaaaaaaaaaaaaaaaaaa/a.txt')).statusCode).toBe(403);
    const photoOnly = await member(undefined, ['ROLE_PHOTO']);
    expect((await api(t.app, photoOnly.token).get('/api/admin/file/index')).statusCode).toBe(200);
  });
});
