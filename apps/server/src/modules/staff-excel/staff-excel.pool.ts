import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { SheetGrid } from '@bo/shared/schemas/staff-excel';
import type { RenderInput } from './staff-excel.render.ts';
import type { TemplateInfo } from './staff-excel.template.ts';

type Kind = 'render' | 'inspect' | 'grid';
interface Job {
  id: number;
  kind: Kind;
  input: unknown;
  resolve(v: unknown): void;
  reject(e: Error): void;
}
interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Job | null;
}

const WORKER_URL = new URL('./staff-excel.worker.mjs', import.meta.url);
const PART = 1000;

/**
 * A few long-lived workers do every ExcelJS job: rendering exports (ExcelJS builds the whole
 * workbook synchronously, which would block the event loop for seconds on a 10,000-row roster)
 * and reading uploaded templates (a hostile file can only exhaust a worker's capped heap).
 * Started on first use; jobs queue when all are busy; a worker that dies is replaced.
 */
export class RenderPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private seq = 0;
  private closed = false;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  /** The filled workbook. */
  async render(input: RenderInput): Promise<Buffer> {
    const bytes = await this.run<Uint8Array>('render', input);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** An uploaded template opened by ExcelJS (throws when it is not a readable xlsx). */
  inspect(template: Buffer): Promise<TemplateInfo> {
    return this.run('inspect', template);
  }

  /** The template's first sheet as a grid for the mapping screen. */
  grid(template: Buffer): Promise<SheetGrid> {
    return this.run('grid', template);
  }

  private run<T>(kind: Kind, input: unknown): Promise<T> {
    if (this.closed) return Promise.reject(new Error('render pool closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ id: ++this.seq, kind, input, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    let ready!: () => void;
    const slot: Slot = {
      worker,
      ready: new Promise((r) => {
        ready = r;
      }),
      busy: null,
    };
    worker.on('message', (msg) => {
      if (msg.ready) return ready();
      const job = slot.busy;
      slot.busy = null;
      worker.unref();
      if (job && msg.id === job.id) {
        if (msg.ok) job.resolve(msg.value);
        else job.reject(new Error(msg.error));
      }
      this.pump();
    });
    const fail = (err: Error) => {
      this.slots = this.slots.filter((s) => s !== slot);
      slot.busy?.reject(err);
      slot.busy = null;
      ready();
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0 || slot.busy) fail(new Error(`render worker exited with ${code}`));
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.busy = job;
      // Referenced while it works, so a pending export keeps the process alive; idle workers do not.
      slot.worker.ref();
      const s = slot;
      void s.ready.then(async () => {
        if (s.busy !== job) return;
        // Copied, not transferred: a small Buffer may live in Node's shared pool. Ten thousand staff
        // go in parts with a turn of the event loop between them, so no single clone is long.
        let input = job.input;
        if (job.kind === 'render') {
          const { staff, photos, ...rest } = job.input as RenderInput;
          for (let i = 0; i < staff.length; i += PART) {
            if (i) await new Promise((r) => setImmediate(r));
            s.worker.postMessage({
              id: job.id,
              kind: 'part',
              input: { staff: staff.slice(i, i + PART), photos: photos?.slice(i, i + PART) },
            });
          }
          input = { ...rest, staff: [], photos: photos ? [] : undefined };
        }
        s.worker.postMessage({ id: job.id, kind: job.kind, input });
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('render pool closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
  }
}

const pools = new WeakMap<object, RenderPool>();

/**
 * The ExcelJS workers of one app, shared by every module that renders (staff and compliance exports):
 * started on first use, closed with the app. Keyed by an object the app decorates once at its root,
 * as an encapsulated plugin's decorations are not seen by its siblings.
 */
export function renderPoolOf(app: FastifyInstance): RenderPool {
  const key = app.organizationDependents;
  let pool = pools.get(key);
  if (!pool) {
    const created = new RenderPool();
    pool = created;
    pools.set(key, created);
    app.addHook('onClose', async () => {
      pools.delete(key);
      await created.close();
    });
  }
  return pool;
}
