import { Worker } from 'node:worker_threads';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest } from '../errors.ts';
import { markupProblem } from './markup-shape.ts';

const WORKER_URL = new URL('./sanitize.worker.mjs', import.meta.url);
/**
 * A save whose markup takes longer than this to sanitise is refused and the worker replaced. The
 * longest body allowed (200,000 characters nested 64 deep) takes about 0.1 s on this machine.
 */
export const SANITIZE_TIME_LIMIT_MS = 3_000;
const WORKER_HEAP_MB = 256;

/** rich: a page body or product description (sanitize-rich-text.ts); mail: a mail template (sanitize-mail-html.ts). */
export type SanitiserKind = 'rich' | 'mail';

export class SanitizeTimeout extends Error {}

interface Job {
  id: number;
  kind: SanitiserKind;
  values: string[];
  resolve(v: string[]): void;
  reject(e: Error): void;
}

/**
 * One worker thread that sanitises markup, started on first use and kept (unreferenced while idle,
 * so it never holds the process open); jobs wait their turn, one at a time (a 2-core server keeps
 * the other core for requests). A job past the time limit terminates the worker and fails; the next
 * job starts a new one. The request thread only waits, so it goes on answering other requests.
 */
export class SanitizerPool {
  private worker: Worker | null = null;
  private ready: Promise<void> = Promise.resolve();
  private busy: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private queue: Job[] = [];
  private seq = 0;

  constructor(private readonly timeLimitMs = SANITIZE_TIME_LIMIT_MS) {}

  run(kind: SanitiserKind, values: string[]): Promise<string[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.seq, kind, values, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('sanitiser closed'));
    this.fail(new Error('sanitiser closed'));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    this.ready = new Promise((resolve) => {
      worker.on('message', (msg) => {
        if (msg.ready) return resolve();
        const job = this.busy;
        if (!job || msg.id !== job.id) return;
        this.done();
        if (msg.ok) job.resolve(msg.values);
        else job.reject(new Error(msg.error));
        this.pump();
      });
      const lost = (err: Error) => {
        if (this.worker !== worker) return;
        resolve();
        this.fail(err);
        this.pump();
      };
      worker.on('error', lost);
      worker.on('exit', (code) => lost(new Error(`sanitiser worker exited with ${code}`)));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** The job in hand fails and its worker goes (a time-out, a crash, close). */
  private fail(err: Error): void {
    const job = this.busy;
    const worker = this.worker;
    this.worker = null;
    this.done();
    job?.reject(err);
    void worker?.terminate();
  }

  private done(): void {
    this.busy = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.worker?.unref();
  }

  private pump(): void {
    if (this.busy || !this.queue.length) return;
    const worker = this.worker ?? this.spawn();
    const job = this.queue.shift()!;
    this.busy = job;
    worker.ref();
    void this.ready.then(() => {
      if (this.busy !== job || this.worker !== worker) return;
      // The limit counts from the moment the worker has the job, not while it waited its turn.
      this.timer = setTimeout(() => {
        this.fail(new SanitizeTimeout(`sanitising took longer than ${this.timeLimitMs} ms`));
        this.pump();
      }, this.timeLimitMs);
      worker.postMessage({ id: job.id, kind: job.kind, values: job.values });
    });
  }
}

const shared = new SanitizerPool();

/**
 * Sanitises the markup fields of one save off the request thread. Markup the editor cannot produce
 * (nested deeper than 64, more than 20,000 tags) is refused before any parsing, and markup that takes
 * longer than the time limit is refused too: 400 with the field's key, never a 500. Null fields stay null.
 */
export async function sanitizeFields<F extends string>(
  kind: SanitiserKind,
  fields: Record<F, string | null>,
  pool: SanitizerPool = shared,
): Promise<Record<F, string | null>> {
  const names = (Object.keys(fields) as F[]).filter((f) => fields[f] !== null);
  const errors: Record<string, string[]> = {};
  for (const f of names) {
    const problem = markupProblem(fields[f]!);
    if (problem) errors[f] = [problem === 'too_deep' ? VALIDATION_KEYS.markupTooDeep : VALIDATION_KEYS.markupTooManyTags];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  if (!names.length) return { ...fields };
  let cleaned: string[];
  try {
    cleaned = await pool.run(
      kind,
      names.map((f) => fields[f]!),
    );
  } catch (e) {
    if (e instanceof SanitizeTimeout) throw badRequest(Object.fromEntries(names.map((f) => [f, [VALIDATION_KEYS.markupTooComplex]])));
    throw e;
  }
  const out = { ...fields };
  names.forEach((f, i) => {
    out[f] = cleaned[i]!;
  });
  return out;
}
