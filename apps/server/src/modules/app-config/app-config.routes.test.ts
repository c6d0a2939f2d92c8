import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '@bo/shared/app-config';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let superToken: string;
let maintainerToken: string;
let baseToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
  maintainerToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN', 'ROLE_MAINTAINER'] }));
  baseToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_BASE'] }));
});
afterAll(async () => {
  await t?.close();
});

describe('application config', () => {
  it('reads the defaults of spec section 3 before anything is stored', async () => {
    const res = await api(t.app, superToken).get('/api/admin/app-config/app');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'app', config: DEFAULT_APP_CONFIG, updated_at: null, version: 0 });
    expect(res.json().config.adminGroup).toBe(false);
  });

  it('merges a partial update over the stored config and serves it to /api/settings', async () => {
    const first = await api(t.app, superToken).put('/api/admin/app-config/app/update', { adminGroup: true, modules: { banner: false } });
    expect(first.statusCode).toBe(200);
    expect(first.json().config).toMatchObject({ adminGroup: true, modules: { ...DEFAULT_APP_CONFIG.modules, banner: false } });
    const second = await api(t.app, superToken).put('/api/admin/app-config/app/update', {
      title: 'North Build',
      modules: { video: false },
    });
    expect(second.json().config).toMatchObject({
      title: 'North Build',
      adminGroup: true,
      modules: { ...DEFAULT_APP_CONFIG.modules, banner: false, video: false },
    });
    const settings = (await api(t.app).get('/api/settings')).json();
    expect(settings.config).toEqual(second.json().config);
    const read = (await api(t.app, superToken).get('/api/admin/app-config/app')).json();
    expect(read.config).toEqual(second.json().config);
    expect(read.updated_at).toBe(second.json().updated_at);
  });

  it('switches the admin-group feature on and off', async () => {
    await api(t.app, superToken).put('/api/admin/app-config/app/update', { adminGroup: false });
    expect((await api(t.app, superToken).get('/api/admin/admin-group/index')).statusCode).toBe(404);
    await api(t.app, superToken).put('/api/admin/app-config/app/update', { adminGroup: true });
    expect((await api(t.app, superToken).get('/api/admin/admin-group/index')).statusCode).toBe(200);
  });

  it('records each update in the audit log with before and after', async () => {
    await api(t.app, superToken).put('/api/admin/app-config/app/update', { staffExcelMaxCellLimit: 80 });
    const row = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'app_config')
      .where('target_id', '=', 'app')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'update', target_id: 'app' });
    expect(JSON.parse(row.before!).staffExcelMaxCellLimit).toBe(50);
    expect(JSON.parse(row.after!).staffExcelMaxCellLimit).toBe(80);
  });

  it('refuses wrong types and unknown fields, and keeps the stored config', async () => {
    const before = (await api(t.app, superToken).get('/api/admin/app-config/app')).json();
    const wrongType = await api(t.app, superToken).put('/api/admin/app-config/app/update', { adminGroup: 'yes', startYear: 'soon' });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors).sort()).toEqual(['adminGroup', 'startYear']);
    const unknown = await api(t.app, superToken).put('/api/admin/app-config/app/update', { isAdmin: true, modules: { shop: true } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({
      isAdmin: ['validate.error.not_allowed'],
      'modules.shop': ['validate.error.not_allowed'],
    });
    expect((await api(t.app, superToken).get('/api/admin/app-config/app')).json()).toEqual(before);
  });

  it('answers 404 for an unknown config name', async () => {
    expect((await api(t.app, superToken).get('/api/admin/app-config/secrets')).statusCode).toBe(404);
    expect((await api(t.app, superToken).put('/api/admin/app-config/secrets/update', { title: 'x' })).statusCode).toBe(404);
  });

  it('refuses a ROLE_BASE admin and a call without a token', async () => {
    for (const res of [
      await api(t.app, baseToken).get('/api/admin/app-config/app'),
      await api(t.app, baseToken).put('/api/admin/app-config/app/update', { adminGroup: true }),
    ]) {
      expect(res.statusCode).toBe(403);
      // Issue 26: the refusal also names the role that would do and who grants it.
      expect(res.json()).toEqual({
        message: 'User permission denied',
        key: 'permission.role_missing',
        required_roles: ['ROLE_SUPER_ADMIN'],
        granted_by: ['ROLE_SUPER_ADMIN'],
      });
    }
    expect((await api(t.app).put('/api/admin/app-config/app/update', { adminGroup: true })).statusCode).toBe(401);
  });

  it('checks each field: lengths, e-mail, URL, colour, year and limits, naming the field', async () => {
    const res = await api(t.app, maintainerToken).put('/api/admin/app-config/app/update', {
      title: ' ',
      supportEmail: 'not-an-email',
      developerUrl: 'example',
      primaryColor: 'blue',
      startYear: 1800,
      pageCategoryDepth: { article: 9 },
      staffExcelMaxCellLimit: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      title: ['validate.error.required'],
      supportEmail: ['validate.error.email_incorrect'],
      developerUrl: ['validate.error.invalid'],
      primaryColor: ['validate.error.invalid'],
      startYear: ['validate.error.invalid'],
      'pageCategoryDepth.article': ['validate.error.invalid'],
      staffExcelMaxCellLimit: ['validate.error.invalid'],
    });
  });

  it('lets only a maintainer change the developer link and the version; a super admin may send them unchanged', async () => {
    const current = (await api(t.app, superToken).get('/api/admin/app-config/app')).json().config;
    for (const patch of [{ developerUrl: 'https://other.example.com' }, { version: '9.9.9' }]) {
      const res = await api(t.app, superToken).put('/api/admin/app-config/app/update', patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(403);
      expect(res.body).toContain('ROLE_MAINTAINER');
    }
    const unchanged = await api(t.app, superToken).put('/api/admin/app-config/app/update', {
      developerUrl: current.developerUrl,
      version: current.version,
      title: current.title,
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const byMaintainer = await api(t.app, maintainerToken).put('/api/admin/app-config/app/update', { version: '2.0.0' });
    expect(byMaintainer.statusCode, byMaintainer.body).toBe(200);
    expect((await api(t.app).get('/api/settings')).json().config.version).toBe('2.0.0');
    // A super admin's restore of the entry before that change keeps the maintainer's version.
    const entry = await t.db
      .selectFrom('audit_logs')
      .select('id')
      .where('target_type', '=', 'app_config')
      .where('target_id', '=', 'app')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const restored = await api(t.app, superToken).put('/api/admin/app-config/app/restore', { audit_id: entry.id, side: 'before' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().config.version).toBe('2.0.0');
    await api(t.app, maintainerToken).put('/api/admin/app-config/app/update', { version: current.version });
  });

  it('restores an earlier version from its audit entry, audited as a restore that can itself be undone', async () => {
    const put = (body: Record<string, unknown>) => api(t.app, superToken).put('/api/admin/app-config/app/update', body);
    await put({ title: 'Version A', primaryColor: '#0a7d48' });
    const versionA = (await api(t.app, superToken).get('/api/admin/app-config/app')).json().config;
    await put({ title: 'Version B', modules: { video: false } });
    const entries = await t.db
      .selectFrom('audit_logs')
      .select(['id', 'after'])
      .where('target_type', '=', 'app_config')
      .where('target_id', '=', 'app')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const entryOfA = entries[1]!;
    expect(JSON.parse(entryOfA.after!).title).toBe('Version A');

    const restored = await api(t.app, superToken).put('/api/admin/app-config/app/restore', { audit_id: entryOfA.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().config).toEqual(versionA);
    expect((await api(t.app).get('/api/settings')).json().config).toEqual(versionA);
    const row = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('target_type', '=', 'app_config')
      .where('target_id', '=', 'app')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.action).toBe('restore');
    expect(JSON.parse(row.before!).title).toBe('Version B');
    expect(JSON.parse(row.after!).title).toBe('Version A');
    // Only what differs from the defaults is stored.
    const stored = JSON.parse(
      (await t.db.selectFrom('app_configs').select('value').where('name', '=', 'app').executeTakeFirstOrThrow()).value,
    );
    expect(stored.title).toBe('Version A');
    expect(Object.keys(stored)).not.toContain('startYear');
    expect(stored.modules).toEqual(versionA.modules);

    // The restore is undone from its own entry's `before`.
    const undo = await api(t.app, superToken).put('/api/admin/app-config/app/restore', { audit_id: row.id, side: 'before' });
    expect(undo.json().config.title).toBe('Version B');
  });

  it('refuses a restore from an entry of another target, a missing entry or a bad body, and changes nothing', async () => {
    const before = (await api(t.app, superToken).get('/api/admin/app-config/app')).json();
    const other = await t.db
      .selectFrom('audit_logs')
      .select('id')
      .where('target_type', '!=', 'app_config')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const body of [{ audit_id: other.id }, { audit_id: 99_999_999 }]) {
      const res = await api(t.app, superToken).put('/api/admin/app-config/app/restore', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ audit_id: ['validate.error.invalid'] });
    }
    expect((await api(t.app, superToken).put('/api/admin/app-config/app/restore', { audit_id: 'x' })).statusCode).toBe(400);
    expect((await api(t.app, superToken).put('/api/admin/app-config/app/restore', { audit_id: 1, extra: true })).statusCode).toBe(400);
    expect((await api(t.app, baseToken).put('/api/admin/app-config/app/restore', { audit_id: 1 })).statusCode).toBe(403);
    expect((await api(t.app, superToken).get('/api/admin/app-config/app')).json()).toEqual(before);
  });
});

describe('URL fields', () => {
  it('takes http(s) only for developerUrl: javascript:, data: and protocol-relative URLs are 400; a stored one falls back to the default', async () => {
    const put = (developerUrl: string) => api(t.app, maintainerToken).put('/api/admin/app-config/app/update', { developerUrl });
    for (const bad of [
      'javascript:alert(document.cookie)',
      'JavaScript://example.com/%0aalert(1)',
      'data:text/html,x',
      '//evil.example',
      'https:/\\evil.example',
    ]) {
      const res = await put(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toEqual({ developerUrl: ['validate.error.invalid'] });
    }
    expect((await put('https://builder.example.com/about')).statusCode).toBe(200);
    // Saved before the rule: the config still reads, with the default in its place.
    const stored = await t.db.selectFrom('app_configs').select('value').where('name', '=', 'app').executeTakeFirstOrThrow();
    await t.db
      .updateTable('app_configs')
      .set({ value: JSON.stringify({ ...JSON.parse(stored.value), developerUrl: 'javascript:alert(1)' }) })
      .where('name', '=', 'app')
      .execute();
    const settings = await api(t.app).get('/api/settings');
    expect(settings.statusCode).toBe(200);
    expect((await api(t.app, superToken).get('/api/admin/app-config/app')).json().config.developerUrl).toBe(
      DEFAULT_APP_CONFIG.developerUrl,
    );
  });
});
