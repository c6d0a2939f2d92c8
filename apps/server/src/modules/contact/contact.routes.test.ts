import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { CONTACT_PACING } from './contact.routes.ts';

let t: TestApp;
let handler: string;
let handlerId: number;
const base = '/api/admin/contact';
const as = (tk?: string) => api(t.app, tk);
let sender = 0;
/** The site's form (no back-office fingerprint header), from a client address of its own unless given one. */
const send = (body: Record<string, unknown>, remoteAddress = `10.20.0.${++sender}`) =>
  t.app.inject({ method: 'POST', url: '/api/public/contact', payload: body, remoteAddress });
const valid = { name: '陳先生', email: 'chen@example.com', phone: '0912-345-678', company: '大安建設', message: '想詢問營造工程的報價' };

beforeAll(async () => {
  t = await createTestApp();
  const h = await buildAdmin(t.db, { roles: ['ROLE_CONTACT'], name: 'Handler' });
  handlerId = h.id;
  handler = await login(t.app, h);
});
afterAll(async () => {
  await t?.close();
});

describe('contacts', () => {
  it('stores what the site form sends, mails the support address through the outbox, and audits the receipt', async () => {
    const res = await send(valid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const row = await t.db.selectFrom('contacts').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: '陳先生',
      phone: '0912345678',
      status: 'new',
      locale: 'zh-TW',
      ip: expect.stringMatching(/^10\.20\.0\./),
    });
    const mail = await t.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: 'contact_received', to_address: 'support@example.com' });
    expect(mail.subject).toContain('陳先生');
    const audit = await t.db.selectFrom('audit_logs').selectAll().where('target_type', '=', 'contact').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'receive',
      actor_id: null,
      target_id: String(row.id),
      target_label: '陳先生 <chen@example.com>',
    });
  });

  it('mails the e-mail set in the website settings instead of the support address once the site has one', async () => {
    await t.db.updateTable('website_settings').set({ email: 'office@example.com' }).where('id', '=', 1).execute();
    try {
      const res = await send({ ...valid, name: '林小姐' });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await t.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ template: 'contact_received', to_address: 'office@example.com' });
      expect(mail.subject).toContain('林小姐');
    } finally {
      await t.db.updateTable('website_settings').set({ email: null }).where('id', '=', 1).execute();
    }
  });

  it('refuses bad input with the spec keys per field, storing nothing', async () => {
    const before = await t.db.selectFrom('contacts').select('id').execute();
    const res = await send({ name: ' ', email: 'nope', phone: '12345', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: ['validate.error.required'],
      email: ['validate.error.email_incorrect'],
      phone: ['validate.error.phone_number_incorrect'],
      message: ['validate.error.required'],
    });
    for (const phone of ['0912345678', '0223456789', '+886912345678', ''])
      expect((await send({ ...valid, phone })).statusCode, phone).toBe(200);
    expect((await send({ ...valid, extra: 1 })).statusCode).toBe(400);
    expect((await t.db.selectFrom('contacts').select('id').execute()).length).toBe(before.length + 4);
  });

  it(`paces one client address: ${CONTACT_PACING.perTenMinutes} in ten minutes, then 429 with Retry-After`, async () => {
    for (let i = 0; i < CONTACT_PACING.perTenMinutes; i++) expect((await send(valid, '10.30.0.1')).statusCode).toBe(200);
    const refused = await send(valid, '10.30.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(valid, '10.30.0.2')).statusCode).toBe(200);
  });

  it('lists with filters, handles (status, note, assignee), batch-marks spam and exports the filtered list to xlsx', async () => {
    await send({ ...valid, name: '林小姐', email: 'lin@example.com', message: '透天厝新建' });
    const list = await as(handler).get(`${base}/index?keyword=${encodeURIComponent('透天')}`);
    expect(list.statusCode).toBe(200);
    const lin = list.json().data[0];
    expect(lin).toMatchObject({ name: '林小姐', status: 'new', assignee: null });

    const assigned = await as(handler).patch(`${base}/${lin.id}`, { field: 'assignee_id', value: handlerId });
    expect(assigned.json().assignee).toMatchObject({ id: handlerId, name: 'Handler' });
    const noted = await as(handler).patch(`${base}/${lin.id}`, { field: 'handler_note', value: '已回電' });
    expect(noted.json().handler_note).toBe('已回電');
    const handled = await as(handler).patch(`${base}/${lin.id}`, { field: 'status', value: 'handled' });
    expect(handled.json().status).toBe('handled');
    expect(handled.json().handled_at).not.toBeNull();
    expect((await as(handler).get(`${base}/index?status=handled`)).json().data.map((c: { id: number }) => c.id)).toEqual([lin.id]);
    expect((await as(handler).get(`${base}/index?assignee_id=${handlerId}`)).json().data.map((c: { id: number }) => c.id)).toEqual([
      lin.id,
    ]);

    // An assignee must be an active admin who handles contacts (a maintainer passes checks but is no handler).
    const stranger = await buildAdmin(t.db, { roles: ['ROLE_BASE'] });
    const maintainer = await buildAdmin(t.db, { roles: ['ROLE_MAINTAINER'] });
    const assignees = (await as(handler).get(`${base}/assignees`)).json().data.map((a: { id: number }) => a.id);
    expect(assignees).toContain(handlerId);
    expect(assignees).not.toContain(stranger.id);
    expect(assignees).not.toContain(maintainer.id);
    expect((await as(handler).patch(`${base}/${lin.id}`, { field: 'assignee_id', value: stranger.id })).statusCode).toBe(400);
    expect((await as(handler).patch(`${base}/${lin.id}`, { field: 'message', value: 'rewritten' })).statusCode).toBe(400);
    expect((await as(handler).patch(`${base}/${lin.id}`, { field: 'status', value: 'closed' })).statusCode).toBe(400);

    const news = (await as(handler).get(`${base}/index?status=new&per_page=100`)).json().data.map((c: { id: number }) => c.id);
    const spam = await as(handler).patch(`${base}/batch`, { ids: news.slice(0, 2), field: 'status', value: 'spam' });
    expect(spam.statusCode).toBe(200);
    expect((await as(handler).get(`${base}/index?status=spam`)).json().meta.total).toBe(2);

    const xlsx = await as(handler).get(`${base}/export?status=handled`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(4).value).toBe('林小姐');
    expect(ws.getRow(2).getCell(10).value).toBe('已回電');
    const exported = await t.db
      .selectFrom('audit_logs')
      .select('after')
      .where('target_type', '=', 'contact')
      .where('action', '=', 'export')
      .execute();
    expect(exported).toHaveLength(1);
  });

  it('keeps contacts from other roles and answers 404 everywhere while the module is off', async () => {
    const video = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_VIDEO'] }));
    expect((await as(video).get(`${base}/index`)).statusCode).toBe(403);
    expect((await as(video).get(`${base}/export`)).statusCode).toBe(403);
    const off = JSON.stringify({
      modules: { admin: true, banner: true, contact: false, page: true, video: true, member: true, product: true },
    });
    await t.db
      .insertInto('app_configs')
      .values({ name: 'app', value: off, updated_at: new Date().toISOString() })
      .onConflict((c) => c.column('name').doUpdateSet({ value: off }))
      .execute();
    try {
      expect((await as(handler).get(`${base}/index`)).statusCode).toBe(404);
      expect((await as(handler).get(`${base}/export`)).statusCode).toBe(404);
      expect((await send(valid)).statusCode).toBe(404);
    } finally {
      await t.db.deleteFrom('app_configs').where('name', '=', 'app').execute();
    }
    expect((await as(handler).get(`${base}/index`)).statusCode).toBe(200);
  });
});
