import { open } from 'node:fs/promises';

/** pino's levels. */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

export interface LogEntry {
  /** Byte offset of the line in its file: where a page or a follow continues. */
  offset: number;
  level: number;
  time: string | null;
  msg: string;
  /** The whole line, parsed (redacted when it was written). */
  data: Record<string, unknown>;
}

export interface EntryFilter {
  /** Case-insensitive text anywhere in the line. */
  q?: string;
  /** This level and above. */
  level?: LogLevelName;
}

const CHUNK = 64 * 1024;
/** One request reads at most this much of a file; the answer says where to go on. */
const SCAN_LIMIT = 8 * 1024 * 1024;

function entryOf(line: string, offset: number, f: EntryFilter): LogEntry | null {
  if (!line.trim()) return null;
  if (f.q && !line.toLowerCase().includes(f.q.toLowerCase())) return null;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(line) as Record<string, unknown>;
  } catch {
    data = { msg: line };
  }
  const level = typeof data.level === 'number' ? data.level : LOG_LEVELS.info;
  if (f.level && level < LOG_LEVELS[f.level]) return null;
  const time = typeof data.time === 'number' ? new Date(data.time).toISOString() : null;
  return { offset, level, time, msg: typeof data.msg === 'string' ? data.msg : '', data };
}

/**
 * The newest entries before byte `before` (the end of the file when absent), newest first, reading
 * the file backwards in chunks: never the whole file. `next_before` continues to older entries; null
 * at the start of the file.
 */
export async function readBackwards(
  file: string,
  opts: EntryFilter & { before?: number; limit: number },
): Promise<{ entries: LogEntry[]; next_before: number | null; size: number }> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    let end = Math.min(opts.before ?? size, size);
    const entries: LogEntry[] = [];
    let carry = Buffer.alloc(0);
    let scanned = 0;
    while (end > 0 && entries.length < opts.limit && scanned < SCAN_LIMIT) {
      const start = Math.max(0, end - CHUNK);
      const buf = Buffer.alloc(end - start);
      await fh.read(buf, 0, buf.length, start);
      scanned += buf.length;
      const data = Buffer.concat([buf, carry]);
      let lineEnd = data.length;
      // Lines wholly inside `data`, from the last; the first (maybe partial) line waits for the next chunk.
      for (let i = data.length - 1; i >= 0; i--) {
        if (data[i] !== 0x0a || i === data.length - 1) continue;
        const line = data.subarray(i + 1, lineEnd).toString('utf8');
        const e = entryOf(line, start + i + 1, opts);
        lineEnd = i + 1;
        if (e) entries.push(e);
        if (entries.length >= opts.limit) return { entries, next_before: start + i + 1, size };
      }
      carry = data.subarray(0, lineEnd);
      end = start;
      if (start === 0 && carry.length) {
        const e = entryOf(carry.toString('utf8'), 0, opts);
        if (e) entries.push(e);
        carry = Buffer.alloc(0);
        if (entries.length >= opts.limit) return { entries, next_before: null, size };
      }
    }
    return { entries, next_before: end > 0 ? end + carry.length : null, size };
  } finally {
    await fh.close();
  }
}

/**
 * The entries written after byte `after` (follow live), oldest first, up to 1 MiB and whole lines;
 * `next_after` is where the next follow starts.
 */
export async function readForward(
  file: string,
  opts: EntryFilter & { after: number; limit: number },
): Promise<{ entries: LogEntry[]; next_after: number; size: number }> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    const from = Math.min(opts.after, size);
    const buf = Buffer.alloc(Math.min(size - from, 1024 * 1024));
    await fh.read(buf, 0, buf.length, from);
    const lastNewline = buf.lastIndexOf(0x0a);
    const whole = lastNewline < 0 ? Buffer.alloc(0) : buf.subarray(0, lastNewline + 1);
    const entries: LogEntry[] = [];
    let lineStart = 0;
    for (let i = 0; i < whole.length; i++) {
      if (whole[i] !== 0x0a) continue;
      const e = entryOf(whole.subarray(lineStart, i).toString('utf8'), from + lineStart, opts);
      lineStart = i + 1;
      if (e) entries.push(e);
      if (entries.length >= opts.limit) return { entries, next_after: from + lineStart, size };
    }
    return { entries, next_after: from + whole.length, size };
  } finally {
    await fh.close();
  }
}
