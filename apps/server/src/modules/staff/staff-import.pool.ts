import { Worker } from 'node:worker_threads';
import type { ErrorWorkbookInput, ReadOptions, Roster } from './staff-import.workbook.ts';

const WORKER_URL = new URL('./staff-import.worker.mjs', import.meta.url);
/** A roster that takes longer than this to read is refused and its worker replaced. */
const JOB_TIMEOUT_MS = 60_000;
/** Heap of the worker: a 5 MB roster needs well under 300 MB; a zip bomb stops here. */
const WORKER_HEAP_MB = 512;

/** The worker's refusal of a roster: 400 with `key` on `field`. */
export class RosterRefusal extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
  ) {
    super(key);
  }
}

interface Job {
  id: number;
  kind: 'read' | 'errors';
  input: unknown;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

/**
 * One long-lived worker for every import job, started on first use; jobs wait their turn (on a
 * shared 2-core machine one roster at a time is what keeps other requests quick). A worker that
 * dies or overruns is replaced and its job fails.
 */
export class ImportWorker {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private busy: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private queue: Job[] = [];
  private seq = 0;
  private closed = false;

  read(buffer: Buffer, options: ReadOptions): Promise<Roster> {
    return this.run('read', { buffer: new Uint8Array(buffer), options });
  }

  async errorWorkbook(input: ErrorWorkbookInput): Promise<Buffer> {
    const bytes = await this.run<Uint8Array>('errors', input);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private run<T>(kind: Job['kind'], input: unknown): Promise<T> {
    if (this.closed) return Promise.reject(new Error('import worker closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, kind, input, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let ready!: () => void;
    this.ready = new Promise((r) => {
      ready = r;
    });
    worker.on('message', (msg) => {
      if (msg.ready) return ready();
      const job = this.busy;
      if (!job || msg.id !== job.id) return;
      this.finish();
      if (msg.ok) job.resolve(msg.value);
      else job.reject(msg.refusal ? new RosterRefusal(msg.refusal.field, msg.refusal.key) : new Error(msg.error));
      this.pump();
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      ready();
      const job = this.busy;
      this.finish();
      job?.reject(err);
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`import worker exited with ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private finish() {
    this.busy = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.worker?.unref();
  }

  private pump(): void {
    if (this.busy || !this.queue.length || this.closed) return;
    const worker = this.worker ?? this.spawn();
    const job = this.queue.shift()!;
    this.busy = job;
    worker.ref();
    this.timer = setTimeout(() => {
      void worker.terminate();
    }, JOB_TIMEOUT_MS);
    void this.ready!.then(() => {
      if (this.busy === job && this.worker === worker) worker.postMessage({ id: job.id, kind: job.kind, input: job.input });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('import worker closed'));
    const w = this.worker;
    this.worker = null;
    this.busy?.reject(new Error('import worker closed'));
    this.finish();
    await w?.terminate();
  }
}
