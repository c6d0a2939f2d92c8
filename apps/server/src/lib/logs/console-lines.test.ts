import { describe, expect, it } from 'vitest';
import { readableLine } from './console-lines.ts';

describe('readable log lines', () => {
  it('turns a request entry into time, level, request, status, duration and message', () => {
    const time = new Date(2026, 0, 5, 9, 7, 3).getTime();
    const line = readableLine(
      JSON.stringify({
        level: 30,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'req-1',
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      }),
    );
    expect(line).toBe('09:07:03  INFO   [req-1]  → 200  12 ms  request completed\n');
  });

  it('keeps other fields as key=value and puts an error on the lines below', () => {
    const line = readableLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'failed',
        part: 'storage',
        n: 2,
        err: { message: 'boom', stack: 'Error: boom\n    at x' },
      }),
    );
    expect(line.split('\n')[0]).toMatch(/ERROR {2}failed {2}part=storage {2}n=2$/);
    expect(line).toContain('\n    Error: boom\n        at x');
  });

  it('passes through a line that is not JSON', () => {
    expect(readableLine('plain text')).toBe('plain text\n');
  });
});
