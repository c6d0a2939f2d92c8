import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInTaipei } from '@bo/shared/dates';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DailyJobs, taipeiClock } from './daily-jobs.ts';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createDatabase } from '../../db/database.ts';
import { appHost, contextsOf, systemContexts } from '../context/request-context.ts';
import { systemJob } from '../context/principals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('daily jobs', () => {
  it('reads the Taipei clock, whatever the UTC hour', () => {
    expect(taipeiClock(new Date('2026-03-01T16:30:00Z'))).toBe('00:30');
    expect(taipeiClock(new Date('2026-03-01T15:59:00Z'))).toBe('23:59');
  });

  it('takes a failed run again after 15 minutes, not before, and records each outcome', async () => {
    const jobs = new DailyJobs(systemContexts(t.app, 'daily-jobs'), t.app.log, 0);
    let calls = 0;
    jobs.add({
      name: 'flaky',
      at: '00:00',
      async run(day) {
        calls++;
        if (calls === 1) throw new Error('first try fails');
        return { day };
      },
    });
    // A fixed clock (10:00 in Taipei): with the real one, the 16 minutes below may cross the Taipei midnight.
    const now = new Date('2026-03-02T02:00:00Z');
    expect(await jobs.runIfDue('flaky', now)).toBe('failed');
    const failed = await t.db.selectFrom('job_runs').selectAll().where('job', '=', 'flaky').executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect(JSON.parse(failed.detail!)).toEqual({ error: 'first try fails' });
    expect(await jobs.runIfDue('flaky', new Date(now.getTime() + 5 * 60_000))).toBe('taken');
    const later = new Date(now.getTime() + 16 * 60_000);
    expect(todayInTaipei(later)).toBe(todayInTaipei(now));
    expect(await jobs.runIfDue('flaky', later)).toBe('ran');
    const done = await t.db.selectFrom('job_runs').selectAll().where('job', '=', 'flaky').execute();
    expect(done).toHaveLength(1);
    expect(done[0]!.status).toBe('done');
    expect(calls).toBe(2);
  });

  it('claims and finishes a run in the system context without an audit entry (job_runs is the record)', async () => {
    const jobs = new DailyJobs(systemContexts(t.app, 'daily-jobs'), t.app.log, 0);
    jobs.add({ name: 'quiet', at: '00:00', run: async (day) => ({ day }) });
    const audited = async () =>
      Number(
        (
          await t.db
            .selectFrom('audit_logs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audited();
    expect(await jobs.runIfDue('quiet', new Date('2026-03-02T02:00:00Z'))).toBe('ran');
    const run = await t.db.selectFrom('job_runs').selectAll().where('job', '=', 'quiet').executeTakeFirstOrThrow();
    expect(run.status).toBe('done');
    expect(await audited()).toBe(before);
  });

  it('refuses a job declared twice', () => {
    const jobs = new DailyJobs(systemContexts(t.app, 'daily-jobs'), t.app.log, 0);
    const job = { name: 'twice', at: null, run: async () => ({}) };
    jobs.add(job);
    expect(() => jobs.add(job)).toThrow(/declared twice/);
  });

  it('a tick whose database cannot be reached logs the job and resolves (its timer must not end the process)', async () => {
    const gone = createDatabase(`sqlite:${join(t.dataDir, 'gone.sqlite')}`).db;
    await gone.destroy();
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const jobs = new DailyJobs(contextsOf({ ...appHost(t.app), db: gone }, systemJob('daily-jobs')), log, 0);
    jobs.add({ name: 'needs-the-database', at: '00:00', run: async () => ({}) });
    await expect(jobs.tick(new Date('2026-03-02T02:00:00Z'))).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
  });
});
