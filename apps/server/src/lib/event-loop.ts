/**
 * A turn of the event loop. SQLite answers synchronously and parsing is CPU work: long loops await
 * this now and then so other requests are answered meanwhile.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How long a long loop may hold the event loop before it lets other requests in. better-sqlite3 answers
 * a query synchronously and an `await` on it is a microtask, not a turn of the loop: without a yield a
 * walk of a million rows answers nothing else until it ends (issue 34: 15.6 s for 500,000 entries).
 */
export const SLICE_MS = 10;

/**
 * A yield that only happens once `sliceMs` has passed since the last one: `await pace()` in a loop
 * costs nothing while the slice lasts, then gives the loop a turn.
 */
export function eventLoopPacer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}

export interface PacedBatchOptions {
  /** Rows asked for first; later batches are sized so that one (its query and its caller's work) takes about a slice. */
  first?: number;
  min?: number;
  max?: number;
  sliceMs?: number;
}

/**
 * The one way a long loop reads many rows (docs/scaling.md "Long loops"): `fetch(limit, last)` answers
 * the rows after `last` (the previous batch's last row; undefined at first), at most `limit` of them.
 * Each batch is handed to the caller, then the loop yields a turn; the next batch's size follows from
 * how long this one took (query and the caller's work on it), between `min` and `max`, so no batch
 * holds the event loop much longer than a slice on a slow or loaded machine. A batch shorter than its
 * limit ends the walk; a caller stops early with `break`.
 */
export async function* pacedBatches<T>(
  fetch: (limit: number, last: T | undefined) => Promise<T[]>,
  { first = 200, min = 20, max = 5000, sliceMs = SLICE_MS }: PacedBatchOptions = {},
): AsyncGenerator<T[]> {
  let limit = Math.max(min, Math.min(max, first));
  let last: T | undefined;
  for (;;) {
    const started = performance.now();
    const rows = await fetch(limit, last);
    if (rows.length) yield rows;
    if (rows.length < limit) return;
    last = rows[rows.length - 1];
    const took = Math.max(performance.now() - started, 0.1);
    // At most double at a time, so one slow batch after fast ones cannot be huge.
    limit = Math.round(Math.max(min, Math.min(max, limit * 2, (limit * sliceMs) / took)));
    await yieldToEventLoop();
  }
}
