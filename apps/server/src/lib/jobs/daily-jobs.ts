import type { FastifyBaseLogger } from 'fastify';
import { todayInTaipei } from '@bo/shared/dates';
import type { SystemPrincipal } from '../context/principals.ts';
import type { PrincipalContexts } from '../context/request-context.ts';
import { claimJobRun, finishJobRun } from './job-runs.repository.ts';

/** A job that runs once a Taipei day, at or after `at` (HH:MM, Asia/Taipei). */
export interface DailyJob {
  name: string;
  /** HH:MM in Taipei; null: the job is switched off. */
  at: string | null;
  /** Does the day's work for `day` (YYYY-MM-DD, Taipei); answers what it did, for job_runs.detail. */
  run(day: string, now: Date): Promise<Record<string, unknown>>;
}

export type RunOutcome = 'ran' | 'not_due' | 'taken' | 'failed' | 'off';

/** A run that failed, or whose instance died while running, is taken again after this long. */
const RETAKE_AFTER_MS = 15 * 60_000;

/** The Taipei wall-clock time of `now`, HH:MM. */
export const taipeiClock = (now: Date): string => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(11, 16);

/**
 * Daily jobs across every instance of the server: each tick, a job whose time has come today claims
 * the day with a row in job_runs (unique per job and day), so one instance runs it and the others see
 * it taken. A server that was down at the time runs it when it is back the same day (catching up); a
 * run that failed or whose instance died is taken again after 15 minutes.
 * The claim and the finish are bookkeeping, each in a transaction of the system's context with no
 * audit entry (job_runs is the record of runs; an entry per tick and instance would flood the log);
 * the job's own work opens its own contexts and audits what it changes.
 */
export class DailyJobs {
  private readonly jobs: DailyJob[] = [];
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    /** The system's contexts the claim and the finish are written in (`systemContexts(app, 'daily-jobs')`). */
    private readonly system: PrincipalContexts<SystemPrincipal>,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  add(job: DailyJob): void {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`daily job ${job.name} declared twice`);
    this.jobs.push(job);
  }

  start(): void {
    if (this.timer || this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Runs every job that is due; one tick at a time in this instance. */
  async tick(now = new Date()): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      // A tick runs on a timer: a job that cannot even be claimed (the database unreachable) is
      // logged and tried on the next tick; an unhandled rejection would end the process.
      for (const job of this.jobs)
        await this.runIfDue(job.name, now).catch((e) => this.log.error({ err: e, job: job.name }, 'daily job could not run'));
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  async runIfDue(name: string, now = new Date()): Promise<RunOutcome> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no daily job ${name}`);
    if (job.at === null) return 'off';
    if (taipeiClock(now) < job.at) return 'not_due';
    const day = todayInTaipei(now);
    const runId = await this.claim(job.name, day, now);
    if (runId === null) return 'taken';
    try {
      const detail = await job.run(day, now);
      await this.finish(runId, 'done', detail);
      return 'ran';
    } catch (e) {
      this.log.error({ err: e, job: job.name, day }, 'daily job failed');
      await this.finish(runId, 'failed', { error: e instanceof Error ? e.message : String(e) });
      return 'failed';
    }
  }

  private claim(job: string, day: string, now: Date): Promise<number | null> {
    const retakeBefore = new Date(now.getTime() - RETAKE_AFTER_MS).toISOString();
    return this.system.inTransaction(({ trx }) => claimJobRun(trx, job, day, now.toISOString(), retakeBefore));
  }

  private finish(id: number, status: 'done' | 'failed', detail: Record<string, unknown>): Promise<void> {
    return this.system.inTransaction(({ trx }) => finishJobRun(trx, id, status, detail));
  }
}
