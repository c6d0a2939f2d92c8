import { mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBackwards, readForward } from './read-log.ts';
import { listLogFiles, RotatingLog } from './rotating-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'bo-logs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (i: number, level = 30) =>
  `${JSON.stringify({ level, time: 1_700_000_000_000 + i, msg: `entry ${i} ${'x'.repeat(i % 50)}` })}\n`;

describe('reading a log file', () => {
  it('pages backwards through a file bigger than a chunk without losing or repeating a line, then follows new lines', async () => {
    const file = join(dir, 'server-2026-01-01.log');
    writeFileSync(file, Array.from({ length: 3000 }, (_, i) => line(i, i % 10 === 0 ? 50 : 30)).join(''));
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await readBackwards(file, { before, limit: 700 });
      seen.push(...page.entries.map((e) => Number(e.msg.split(' ')[1])));
      if (page.next_before === null) break;
      before = page.next_before;
    }
    expect(seen).toEqual(Array.from({ length: 3000 }, (_, i) => 2999 - i));

    const errors = await readBackwards(file, { limit: 5, level: 'error' });
    expect(errors.entries.map((e) => e.msg.split(' ')[1])).toEqual(['2990', '2980', '2970', '2960', '2950']);
    const found = await readBackwards(file, { limit: 10, q: 'ENTRY 1234 ' });
    expect(found.entries).toHaveLength(1);

    const { size } = await readBackwards(file, { limit: 1 });
    appendFileSync(file, `${line(3000) + line(3001)}{"level":30,"msg":"half`);
    const follow = await readForward(file, { after: size, limit: 100 });
    expect(follow.entries.map((e) => e.msg.split(' ')[1])).toEqual(['3000', '3001']);
    appendFileSync(file, ' a line"}\n');
    const more = await readForward(file, { after: follow.next_after, limit: 100 });
    expect(more.entries.map((e) => e.msg)).toEqual(['half a line']);
  });

  it('rotates by size and by Taipei day, keeping the newest files', () => {
    const logs = join(dir, 'rotating');
    let now = new Date('2026-03-01T15:59:00Z'); // 23:59 in Taipei
    const log = new RotatingLog(logs, 200, 3, () => now);
    for (let i = 0; i < 6; i++) log.write(line(i));
    now = new Date('2026-03-01T16:00:00Z'); // the next Taipei day
    log.write(line(99));
    log.close();
    const names = listLogFiles(logs).map((f) => f.name);
    expect(names[0]).toBe('server-2026-03-02.log');
    expect(names).toHaveLength(3);
    expect(names.slice(1).every((n) => n.startsWith('server-2026-03-01.'))).toBe(true);
  });
});
