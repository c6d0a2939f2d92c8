import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { WorkRunKind } from '@bo/shared/schemas/work-runs';
import { systemContexts, type WriteContext } from '../context/request-context.ts';
import type { AdminPrincipal } from '../context/principals.ts';
import { removeObjects } from '../storage/remove-objects.ts';
import { finishWorkRun, insertWorkRun, markWorkRunsInterrupted, runningWorkRuns, touchWorkRuns } from './work-runs.repository.ts';

/** Opens one transaction of the admin who starts the work (a route's `req.write('organization', …)` or `req.write('admin', …)`). */
export type OpenAdminTransaction = <R>(fn: (ctx: WriteContext<AdminPrincipal>) => Promise<R>) => Promise<R>;

export interface RunSteps {
  /** Called by the work in its last transaction: the run is `done` exactly when that transaction commits. */
  finish(ctx: WriteContext<AdminPrincipal>): Promise<void>;
  /** Where a kill hurts the work most (rows written, not committed; objects stored, no row yet): the test hook waits here. */
  checkpoint(): Promise<void>;
}

/** How often this process shows its running work alive, and when another process's silence means it is gone. */
const HEARTBEAT_MS = 30_000;
const STALE_MS = 4 * HEARTBEAT_MS;

/** A run with this process's pid started before it did is an earlier process's (a container restarted with pid 1 again). */
const processStart = Date.now() - process.uptime() * 1000;

const detailOf = (text: string): { keys?: unknown } => {
  try {
    return JSON.parse(text) as { keys?: unknown };
  } catch {
    return {};
  }
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Long work an admin starts (a staff import, a staff export, a photo upload with its variants) is
 * recorded in work_runs: `running` in a transaction of its own before the work, `done` in the work's
 * last transaction (so a run is done exactly when the work's rows are there), `failed` when it throws.
 * A process killed mid-work (`kill -9`, a power cut) leaves its run `running`; the next start-up marks
 * it `interrupted` (and deletes the stored objects of an interrupted photo upload, whose row never
 * committed), and the screen that started it says so to its admin (GET /api/admin/work-runs/interrupted).
 */
export class WorkRuns {
  private readonly active = new Set<number>();
  private readonly host = hostname();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    /** WORK_RUN_TEST_PAUSE_MS: a test hook, 0 in production. */
    private readonly testPauseMs: number,
  ) {}

  private get system() {
    return systemContexts(this.app, 'work-runs');
  }

  /**
   * Runs `work` recorded as a run of `kind`; `work` calls `finish` inside its last transaction and
   * `checkpoint` where the kill tests stop it (WORK_RUN_TEST_PAUSE_MS). `detail.keys`: the objects a photo upload stores before its row, removed if the
   * process dies between the two.
   */
  async track<T>(
    open: OpenAdminTransaction,
    kind: WorkRunKind,
    detail: Record<string, unknown>,
    work: (run: RunSteps) => Promise<T>,
  ): Promise<T> {
    const id = await open((ctx) =>
      insertWorkRun(
        ctx.trx,
        { kind, organization_id: ctx.organizationId, admin_id: ctx.principal.id, detail, host: this.host, pid: process.pid },
        new Date().toISOString(),
      ),
    );
    this.active.add(id);
    let finished = false;
    const run: RunSteps = {
      finish: async (ctx) => {
        await finishWorkRun(ctx.trx, id, 'done', new Date().toISOString());
        finished = true;
      },
      checkpoint: async () => {
        if (this.testPauseMs <= 0) return;
        this.app.log.warn({ work_run: id, kind }, `work run ${id} (${kind}): paused ${this.testPauseMs} ms (WORK_RUN_TEST_PAUSE_MS)`);
        await new Promise((r) => setTimeout(r, this.testPauseMs));
      },
    };
    try {
      const result = await work(run);
      if (!finished) await open((ctx) => finishWorkRun(ctx.trx, id, 'done', new Date().toISOString()));
      return result;
    } catch (err) {
      // Refused or failed: the caller sees why. Left running when the database is gone, it goes stale and is marked interrupted.
      await open((ctx) => finishWorkRun(ctx.trx, id, 'failed', new Date().toISOString())).catch((e) =>
        this.app.log.warn({ err: e, work_run: id }, 'work run not marked failed'),
      );
      throw err;
    } finally {
      this.active.delete(id);
    }
  }

  /**
   * Marks `running` runs whose process is gone `interrupted`. At start-up on SQLite that is every
   * one (the data folder's lock means no other server uses the database); on PostgreSQL, those of a
   * process of this host that no longer runs (or an earlier one with this pid: a container restarted)
   * and those of any host silent for STALE_MS.
   */
  async sweep(atStartUp: boolean): Promise<number> {
    const now = Date.now();
    const running = await runningWorkRuns(this.system.read().db);
    const gone = running.filter(
      (r) =>
        !this.active.has(r.id) &&
        ((atStartUp && this.app.dialect === 'sqlite') ||
          (r.host === this.host && (r.pid === process.pid ? Date.parse(r.started_at) < processStart : !isAlive(r.pid))) ||
          now - Date.parse(r.heartbeat_at) > STALE_MS),
    );
    if (!gone.length) return 0;
    const marked = await this.system.inTransaction((ctx) =>
      markWorkRunsInterrupted(
        ctx.trx,
        gone.map((r) => r.id),
        new Date(now).toISOString(),
      ),
    );
    const keys: string[] = [];
    for (const r of marked) {
      const detail = detailOf(r.detail);
      if (Array.isArray(detail.keys)) keys.push(...detail.keys.filter((k): k is string => typeof k === 'string'));
      this.app.log.warn(
        { work_run: r.id, kind: r.kind },
        `work run ${r.id} (${r.kind}) was interrupted: its process ended before it finished`,
      );
    }
    // A photo upload's objects are stored before its row: the run never reached its commit, so no row points at them.
    if (keys.length) {
      await removeObjects(this.app.storage, keys, this.app.log);
      await Promise.all(keys.map((k) => this.app.storage.discardPartial?.(k)));
    }
    return marked.length;
  }

  /** The start-up sweep, then a heartbeat for this process's running work and a sweep of silent processes. */
  async start(): Promise<void> {
    await this.sweep(true);
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  private beat(): Promise<void> {
    this.beating ??= (async () => {
      const ids = [...this.active];
      if (ids.length) await this.system.inTransaction((ctx) => touchWorkRuns(ctx.trx, ids, new Date().toISOString()));
      await this.sweep(false);
    })()
      .catch((err) => this.app.log.warn({ err }, 'work runs: heartbeat failed'))
      .finally(() => {
        this.beating = null;
      });
    return this.beating;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
  }
}
