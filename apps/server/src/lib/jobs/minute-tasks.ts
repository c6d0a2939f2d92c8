import type { FastifyBaseLogger } from 'fastify';

/** Work done each minute by every instance; each task makes its own change exactly once (a conditional update). */
export interface MinuteTask {
  name: string;
  run(now: Date): Promise<void>;
}

/** A task is run this long after the minute turns, so "publish at 10:00" is seen at 10:00:00.5. */
const AFTER_THE_MINUTE_MS = 500;

/**
 * Tasks run on the minute (a scheduled page goes out at its minute with no request arriving), one
 * tick at a time per instance. Switched off with `enabled` false (tests call `tick(now)` themselves).
 */
export class MinuteTasks {
  private readonly tasks: MinuteTask[] = [];
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly enabled: boolean,
    /** 60 000 in production (MINUTE_TASK_MS); shorter only for browser tests. */
    private readonly periodMs = 60_000,
  ) {}

  add(task: MinuteTask): void {
    if (this.tasks.some((t) => t.name === task.name)) throw new Error(`minute task ${task.name} declared twice`);
    this.tasks.push(task);
  }

  start(): void {
    if (!this.enabled || this.timer || this.stopped) return;
    void this.tick();
    this.schedule();
  }

  private schedule(): void {
    const wait = this.periodMs - (Date.now() % this.periodMs) + AFTER_THE_MINUTE_MS;
    this.timer = setTimeout(() => {
      void this.tick();
      if (!this.stopped) this.schedule();
    }, wait);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
  }

  async tick(now = new Date()): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = (async () => {
      for (const task of this.tasks) {
        try {
          await task.run(now);
        } catch (e) {
          this.log.error({ err: e, task: task.name }, 'minute task failed');
        }
      }
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }
}
