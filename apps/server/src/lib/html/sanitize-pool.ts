import { Worker } from 'node:worker_threads';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest, tooManyRequests } from '../errors.ts';
import { markupProblem } from './markup-shape.ts';

const WORKER_URL = new URL('./sanitize.worker.mjs', import.meta.url);
/**
 * A save whose markup takes longer than this to sanitise is refused and the worker replaced. The
 * longest body allowed (200,000 characters nested 64 deep) takes about 0.1 s on this machine.
 */
export const SANITIZE_TIME_LIMIT_MS = 3_000;
const WORKER_HEAP_MB = 256;
/** Saves one caller may have waiting at once; more are refused with 429 (one editor cannot fill the queue). */
export const SANITIZE_WAITING_PER_CALLER = 4;

/** rich: a page body or product description (sanitize-rich-text.ts); mail: a mail template (sanitize-mail-html.ts). */
export type SanitiserKind = 'rich' | 'mail';

export class SanitizeTimeout extends Error {}
export class SanitizeBusy extends Error {}

interface Job {
  id: number;
  caller: string;
  kind: SanitiserKind;
  values: string[];
  resolve(v: string[]): void;
  reject(e: Error): void;
}

/**
 * One worker thread that sanitises markup, started on first use and kept (unreferenced while idle,
 * so it never holds the process open); jobs wait their turn, one at a time (a 2-core server keeps
 * the other core for requests). Each caller (an admin) has a queue of its own and the worker takes
 * the callers in turn, so one editor's big bodies delay another's save by at most one job each
 * (issue 34: 5.5 s); a caller with SANITIZE_WAITING_PER_CALLER jobs waiting is refused more. A job
 * past the time limit terminates the worker and fails; the next job starts a new one. The request
 * thread only waits, so it goes on answering other requests.
 */
export class SanitizerPool {
  private worker: Worker | null = null;
  private ready: Promise<void> = Promise.resolve();
  private busy: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Waiting jobs by caller; a Map keeps insertion order, so the caller first in it is next. */
  private queues = new Map<string, Job[]>();
  private seq = 0;

  constructor(
    private readonly timeLimitMs = SANITIZE_TIME_LIMIT_MS,
    private readonly waitingPerCaller = SANITIZE_WAITING_PER_CALLER,
  ) {}

  run(kind: SanitiserKind, values: string[], caller = ''): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(caller) ?? [];
      if (queue.length >= this.waitingPerCaller) return reject(new SanitizeBusy(`${caller} has ${queue.length} jobs waiting`));
      queue.push({ id: ++this.seq, caller, kind, values, resolve, reject });
      this.queues.set(caller, queue);
      this.pump();
    });
  }

  async close(): Promise<void> {
    for (const queue of this.queues.values()) for (const job of queue) job.reject(new Error('sanitiser closed'));
    this.queues.clear();
    this.fail(new Error('sanitiser closed'));
  }

  /** The next caller's oldest job; that caller goes to the back of the turn if it has more. */
  private next(): Job | undefined {
    const [caller, queue] = this.queues.entries().next().value ?? [];
    if (caller === undefined || !queue) return undefined;
    const job = queue.shift()!;
    this.queues.delete(caller);
    if (queue.length) this.queues.set(caller, queue);
    return job;
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
    if (this.busy || !this.queues.size) return;
    const worker = this.worker ?? this.spawn();
    const job = this.next()!;
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
 * Sanitises the markup fields of one save off the request thread, in `caller`'s turn (the admin
 * saving). Markup the editor cannot produce (nested deeper than 64, more than 20,000 tags) is refused
 * before any parsing, and markup that takes longer than the time limit is refused too: 400 with the
 * field's key, never a 500; a caller with too many saves waiting gets 429. Null fields stay null.
 */
export async function sanitizeFields<F extends string>(
  kind: SanitiserKind,
  fields: Record<F, string | null>,
  caller: string,
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
      caller,
    );
  } catch (e) {
    if (e instanceof SanitizeBusy) throw tooManyRequests(1);
    if (e instanceof SanitizeTimeout) throw badRequest(Object.fromEntries(names.map((f) => [f, [VALIDATION_KEYS.markupTooComplex]])));
    throw e;
  }
  const out = { ...fields };
  names.forEach((f, i) => {
    out[f] = cleaned[i]!;
  });
  return out;
}
