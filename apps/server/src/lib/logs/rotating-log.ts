import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { todayInTaipei } from '@bo/shared/dates';

/** server-YYYY-MM-DD.log, then server-YYYY-MM-DD.1.log… when a day's file reaches the size limit. */
export const LOG_FILE_NAME = /^server-(\d{4}-\d{2}-\d{2})(?:\.(\d{1,4}))?\.log$/;

export interface LogFileInfo {
  name: string;
  size: number;
  modified_at: string;
}

/** The log files in `dir`, newest first (by day, then part). */
export function listLogFiles(dir: string): LogFileInfo[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => LOG_FILE_NAME.test(n))
    .map((name) => {
      const st = statSync(join(dir, name));
      return { name, size: st.size, modified_at: st.mtime.toISOString() };
    })
    .sort((a, b) => order(b.name) - order(a.name) || b.name.localeCompare(a.name));
}

/** Day and part as one sortable number. */
function order(name: string): number {
  const m = LOG_FILE_NAME.exec(name);
  return m ? Number(m[1]!.replace(/-/g, '')) * 10_000 + Number(m[2] ?? 0) : 0;
}

/**
 * The server's log file, rotated by day (Taipei) and by size, keeping the newest `keep` files.
 * Lines arrive already redacted (the logger's redact paths and serializers): this only writes them.
 * Synchronous appends on an open descriptor: a line is on disk before the next one, in order.
 */
export class RotatingLog {
  private fd: number | null = null;
  private day = '';
  private part = 0;
  private size = 0;
  /** Lines dropped since the disk was last found full, and whether the file ends in half a line. */
  private dropped = 0;
  private brokenLine = false;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly keep: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /**
   * A full disk never fails the caller (a request's log line would turn its answer into a 500): the
   * line is dropped, one notice goes to stderr, and the file says how many were lost once there is room.
   */
  write(line: string): void {
    try {
      if (this.dropped > 0) this.append(`${this.brokenLine ? '\n' : ''}${droppedNotice(this.dropped, this.now())}`);
      this.dropped = 0;
      this.brokenLine = false;
      this.append(line);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'ENOSPC' && code !== 'EDQUOT') throw err;
      if (this.dropped++ === 0) console.error(`log: no space left for ${this.dir}; log lines are dropped until there is room`);
    }
  }

  private append(line: string): void {
    const day = todayInTaipei(this.now());
    const buf = Buffer.from(line);
    if (this.fd === null || day !== this.day || (this.size > 0 && this.size + buf.length > this.maxBytes)) this.open(day);
    let done = 0;
    try {
      while (done < buf.length) done += writeSync(this.fd!, buf, done);
    } finally {
      this.size += done;
      if (done > 0 && done < buf.length) this.brokenLine = true;
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private open(day: string): void {
    this.close();
    if (day !== this.day) {
      this.day = day;
      // After a restart, carry on in the day's last part.
      const parts = listLogFiles(this.dir)
        .map((f) => LOG_FILE_NAME.exec(f.name)!)
        .filter((m) => m[1] === day)
        .map((m) => Number(m[2] ?? 0));
      this.part = parts.length ? Math.max(...parts) : 0;
    } else {
      this.part++;
    }
    for (;;) {
      const file = join(this.dir, `server-${day}${this.part ? `.${this.part}` : ''}.log`);
      this.fd = openSync(file, 'a');
      this.size = fstatSync(this.fd).size;
      if (this.size < this.maxBytes) break;
      closeSync(this.fd);
      this.part++;
    }
    for (const old of listLogFiles(this.dir).slice(this.keep)) unlinkSync(join(this.dir, old.name));
  }
}

/** The line a log file gets where lines were dropped for want of space (pino's JSON, level warn). */
function droppedNotice(count: number, now: Date): string {
  return `${JSON.stringify({ level: 40, time: now.getTime(), msg: `${count} log line(s) dropped: no space left on the disk` })}\n`;
}
