/**
 * The log as a person at a terminal reads it: one line per entry (time, level, request, message,
 * the other fields as key=value). Only for standard output when it is a terminal (app.ts); a
 * service manager, Docker or a pipe gets pino's JSON lines, and the log files always do.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

const two = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};

export function readableLine(json: string): string {
  let e: Entry;
  try {
    e = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const { level, time, msg, pid, hostname, reqId, req, res, responseTime, err, ...rest } = e;
  const parts = [clock(time ?? Date.now()), (LEVELS[level ?? 30] ?? String(level)).padEnd(5)];
  if (reqId) parts.push(`[${reqId}]`);
  if (req?.method) parts.push(`${req.method} ${req.url}`);
  if (res?.statusCode) parts.push(`→ ${res.statusCode}`);
  if (typeof responseTime === 'number') parts.push(`${Math.round(responseTime)} ms`);
  if (msg) parts.push(msg);
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let line = parts.join('  ');
  if (err?.message) line += `\n${(err.stack ?? err.message).replace(/^/gm, '    ')}`;
  return `${line}\n`;
}

/** A pino destination writing readable lines to `out`. */
export function readableStream(out: { write(text: string): unknown }) {
  return { write: (line: string) => void out.write(readableLine(line)) };
}
