import { imagesBusy } from '../errors.ts';

export interface ImageQueueOptions {
  /** Jobs decoding or encoding at once (IMAGE_QUEUE_CONCURRENCY, default one per core). */
  concurrency: number;
  /** Jobs allowed to wait for a slot (IMAGE_QUEUE_MAX_WAITING); one more is refused. */
  maxWaiting: number;
}

/** Bounds for the Retry-After estimate, in seconds. */
const RETRY_AFTER_MIN = 1;
const RETRY_AFTER_MAX = 60;

/**
 * Every decode and encode of an uploaded image runs through here, so image work is bounded by the
 * cores instead of by the number of uploads in flight. When every slot is busy and the waiting line
 * is full, `run` refuses at once with 503 and a Retry-After estimated from recent job durations,
 * rather than piling up work (and memory) that would make every upload slow.
 */
export class ImageQueue {
  private running = 0;
  /** Jobs that got a slot since start-up. */
  private started = 0;
  private readonly waiting: Array<() => void> = [];
  /** Moving average of job durations in ms, for Retry-After; starts at a photo's typical second. */
  private averageMs = 1000;

  constructor(
    readonly options: ImageQueueOptions,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get stats() {
    return { running: this.running, waiting: this.waiting.length, started: this.started, ...this.options };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.options.maxWaiting) throw imagesBusy(this.retryAfterSeconds());
      // The slot is handed over by `release`, so `running` already counts this job when it resumes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.started++;
    const startedAt = this.now();
    try {
      return await job();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (this.now() - startedAt);
      this.release();
    }
  }

  /** Roughly when the jobs ahead will have drained: waiting and running jobs shared over the slots. */
  retryAfterSeconds(): number {
    const rounds = (this.waiting.length + this.running) / this.options.concurrency;
    return Math.min(RETRY_AFTER_MAX, Math.max(RETRY_AFTER_MIN, Math.ceil((rounds * this.averageMs) / 1000)));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's one image queue, shared by every image path (photo library, staff photos): decorated
     * once per app (app.ts), so each test app has its own.
     */
    imageQueue: ImageQueue;
  }
}
