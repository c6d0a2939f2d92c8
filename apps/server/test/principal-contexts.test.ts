import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery } from '@bo/shared/list';
import { api, buildAdmin, createTestApp, login, type TestApp } from './helpers.ts';
import { openCliContext } from '../src/cli/cli-context.ts';
import { runCli } from '../src/cli/main.ts';
import { PAGE_PUBLISH_TASK, publishDuePages } from '../src/modules/page/page-schedule.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { memberActing, systemJob, visitor, type ActingPrincipal } from '../src/lib/context/principals.ts';
import { appHost, runInTransaction, systemContexts, type AdminReadContext } from '../src/lib/context/request-context.ts';
import { resourceRoutes, type ResourceDeclaration } from '../src/lib/kit/resource-routes.ts';
import { defineModule } from '../src/lib/kit/server-module.ts';

/**
 * One principal, one context (docs/architecture.md): a member's, a visitor's, a scheduled job's and
 * the operator's writes each leave an audit row with their principal's kind, in the write's own
 * transaction, so a write that fails leaves no audit row.
 */
// A resource whose reads note the context the kit hands them: the index and single read run on a read context.
const probeContexts: AdminReadContext[] = [];
const probeReads: ResourceDeclaration<'staff', { id: number }, never, unknown>['reads'] = (ctx) => {
  probeContexts.push(ctx);
  return {
    list: async () => {
      // @ts-expect-error the kit's reads are handed a read context: a write there does not compile
      await ctx.audit?.(staffDelete(1));
      return { data: [{ id: 1 }], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } };
    },
    find: async (ids) => ids.filter((id) => id === 1).map((id) => ({ id })),
  };
};
const probeModule = defineModule({
  name: 'read-probe',
  routes: [
    resourceRoutes({
      path: '/api/admin/read-probe',
      tags: ['read-probe'],
      target: 'staff',
      roles: { read: [], write: [] },
      schemas: { view: z.object({ id: z.number() }), listQuery: listQuery(['id']) },
      without: ['create', 'update', 'patch', 'batchPatch', 'delete', 'batchDelete'],
      reads: probeReads,
    }),
  ],
});

let t: TestApp;
let cliEnv: NodeJS.ProcessEnv;
beforeAll(async () => {
  t = await createTestApp({}, { extraModules: [probeModule] });
  cliEnv = { NODE_ENV: 'test', DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl, JWT_SECRET: t.config.jwtSecret };
});
afterAll(async () => {
  await t?.close();
});

const auditsOf = (targetType: string, targetId: number | string) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'actor_kind', 'actor_id', 'ip', 'user_agent'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();

let failing = 990_000;
/** Audits, then fails: the entry must go with the rest of the transaction. */
async function auditThenFail(run: (fn: (audit: (id: number) => Promise<void>) => Promise<void>) => Promise<void>) {
  const id = ++failing;
  await expect(
    run(async (audit) => {
      await audit(id);
      throw new Error('the write failed');
    }),
  ).rejects.toThrow('the write failed');
  expect(await auditsOf('staff', id)).toEqual([]);
}
const staffDelete = (id: number) => ({ action: 'delete' as const, target_type: 'staff' as const, target_id: id });

describe('principal contexts', () => {
  it("records a member's write as the member's, and keeps no entry of a failed one", async () => {
    const now = new Date().toISOString();
    const member = await t.db
      .insertInto('members')
      .values({
        email: `ctx-member-${Date.now()}@example.com`,
        name: '王小明',
        password_hash: await hashPassword('Passw0rd!'),
        status: 'active',
        email_verified_at: now,
        locale: 'zh-TW',
        last_sign_in_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    const signedIn = await api(t.app).post('/api/member/account/login', { email: member.email, password: 'Passw0rd!' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const res = await api(t.app, signedIn.json().token).put('/api/member/account/profile', { name: '王大明' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditsOf('member', member.id)).toEqual([
      { action: 'login', actor_kind: 'member', actor_id: null, ip: expect.any(String), user_agent: expect.anything() },
      { action: 'update_profile', actor_kind: 'member', actor_id: null, ip: expect.any(String), user_agent: expect.anything() },
    ]);
    await auditThenFail((fn) =>
      runInTransaction(appHost(t.app), memberActing(member.id, { ip: '10.1.1.1', userAgent: null }), null, (ctx) =>
        fn((id) => ctx.audit(staffDelete(id))),
      ),
    );
  });

  it("records the contact form's receipt as a visitor's, with its client address", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact',
      payload: { name: '陳先生', email: 'chen@example.com', message: '想詢問報價' },
      remoteAddress: '10.30.0.7',
      headers: { 'user-agent': 'contact-form-test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const contact = await t.db.selectFrom('contacts').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await auditsOf('contact', contact.id)).toEqual([
      { action: 'receive', actor_kind: 'visitor', actor_id: null, ip: '10.30.0.7', user_agent: 'contact-form-test' },
    ]);
    await auditThenFail((fn) =>
      runInTransaction(appHost(t.app), visitor({ ip: '10.30.0.8', userAgent: null }), null, (ctx) =>
        fn((id) => ctx.audit(staffDelete(id))),
      ),
    );
  });

  it("records a scheduled job's write as the system's, named by the job", async () => {
    const editor = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_PAGE'] }));
    const at = new Date(Date.now() + 3 * 60_000);
    at.setUTCSeconds(0, 0);
    const page = await api(t.app, editor).post('/api/admin/page', {
      type: 'article',
      slug: `ctx-scheduled-${Date.now()}`,
      title: '排程',
      body: '<p>內容</p>',
      status: 'scheduled',
      publish_at: at.toISOString(),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(await publishDuePages(systemContexts(t.app, PAGE_PUBLISH_TASK), at)).toEqual([page.json().id]);
    const publish = (await auditsOf('page', page.json().id)).filter((a) => a.action === 'publish');
    expect(publish).toEqual([{ action: 'publish', actor_kind: 'system', actor_id: null, ip: null, user_agent: PAGE_PUBLISH_TASK }]);
    const job: ActingPrincipal = systemJob('failing-job');
    await auditThenFail((fn) => runInTransaction(appHost(t.app), job, null, (ctx) => fn((id) => ctx.audit(staffDelete(id)))));
  });

  it("records a command's write as the operator's, and keeps no entry of a failed one", async () => {
    const out: string[] = [];
    const email = `ctx-operator-${Date.now()}@example.com`;
    const code = await runCli(['create-admin', '--email', email], { print: (s) => out.push(s), fail: (s) => out.push(s), env: cliEnv });
    expect(code, out.join('\n')).toBe(0);
    const admin = await t.db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await auditsOf('admin', admin.id)).toEqual([
      { action: 'create', actor_kind: 'operator', actor_id: null, ip: 'cli', user_agent: 'cli' },
    ]);
    const cli = await openCliContext(() => {}, cliEnv);
    try {
      await auditThenFail((fn) => cli.inTransaction(({ audit }) => fn((id) => audit(staffDelete(id)))));
    } finally {
      await cli.close();
    }
  });

  it('shows the kind in the audit log API', async () => {
    const superToken = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    const res = await api(t.app, superToken).get('/api/admin/audit-log/index?target_type=contact&per_page=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ action: 'receive', actor_kind: 'visitor', actor: null });
  });

  it('gives a read no write methods at compile time', () => {
    const read = systemContexts(t.app, 'read-only').read();
    // @ts-expect-error a ReadContext has no audit
    expect(read.audit).toBeUndefined();
    // @ts-expect-error nor a transaction
    expect(read.trx).toBeUndefined();
  });

  it("runs a resource's index and single read on a read context, without write methods", async () => {
    const token = await login(t.app, await buildAdmin(t.db, { roles: ['ROLE_SUPER_ADMIN'] }));
    probeContexts.length = 0;
    const index = await api(t.app, token).get('/api/admin/read-probe/index');
    expect(index.statusCode, index.body).toBe(200);
    expect(index.json().data).toEqual([{ id: 1, version: 0 }]);
    const one = await api(t.app, token).get('/api/admin/read-probe/1');
    expect(one.statusCode, one.body).toBe(200);
    const missing = await api(t.app, token).get('/api/admin/read-probe/2');
    expect(missing.statusCode, missing.body).toBe(404);
    expect(probeContexts).toHaveLength(3);
    for (const ctx of probeContexts) {
      expect(ctx.principal.kind).toBe('admin');
      for (const write of ['trx', 'audit', 'sendMail', 'dropAfterCommit', 'release', 'actingAs']) expect(ctx).not.toHaveProperty(write);
    }
  });
});
