import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, fingerprint, planBuild, writeStamp } from '../../../scripts/build-plan.mjs';

/** What `npm start` decides to build (scripts/build-plan.mjs), on a small tree of its own. */
const root = mkdtempSync(join(tmpdir(), 'bo-build-plan-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const PART = { name: 'server', label: 'server', output: 'out', inputs: ['src', 'lock.json'] };
const plan = () => planBuild({ root, parts: [PART] })[0];

describe('the build plan', () => {
  it('decides from the facts: missing output, no record, changed sources, or up to date', () => {
    expect(decide({ outputExists: false, built: 'a', current: 'a' })).toEqual({ build: true, reason: 'not built yet' });
    expect(decide({ outputExists: true, built: null, current: 'a' })).toMatchObject({ build: true });
    expect(decide({ outputExists: true, built: 'a', current: 'b' })).toEqual({
      build: true,
      reason: 'sources changed since the last build',
    });
    expect(decide({ outputExists: true, built: 'a', current: 'a' })).toEqual({ build: false, reason: 'up to date' });
    expect(decide({ outputExists: true, built: 'a', current: 'a', force: true })).toMatchObject({ build: true });
  });

  it('fingerprints sources by content: an edit, a new file or a changed lock file count; touch, tests, outputs and node_modules do not', () => {
    write('src/main.ts', 'one');
    write('src/lib/a.ts', 'a');
    write('lock.json', '{}');
    const first = fingerprint(root, PART.inputs);
    expect(fingerprint(root, PART.inputs)).toBe(first);

    utimesSync(join(root, 'src/main.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    write('src/lib/a.test.ts', 'a test');
    write('src/dist/bundle.js', 'output');
    write('src/node_modules/x/index.js', 'package');
    expect(fingerprint(root, PART.inputs)).toBe(first);

    write('src/main.ts', 'two');
    const edited = fingerprint(root, PART.inputs);
    expect(edited).not.toBe(first);
    write('src/lib/b.ts', 'b');
    expect(fingerprint(root, PART.inputs)).not.toBe(edited);
    const added = fingerprint(root, PART.inputs);
    write('lock.json', '{"v":2}');
    expect(fingerprint(root, PART.inputs)).not.toBe(added);
  });

  it('builds a part never built, then nothing until its sources change, and again when its output is gone', () => {
    write('src/main.ts', 'three');
    expect(plan()).toMatchObject({ build: true, reason: 'not built yet' });
    mkdirSync(join(root, 'out'), { recursive: true });
    expect(plan()).toMatchObject({ build: true, reason: 'no record of the sources it was built from' });
    writeStamp(root, PART.name, plan().current);
    expect(plan()).toMatchObject({ build: false, reason: 'up to date' });
    write('src/main.ts', 'four');
    expect(plan()).toMatchObject({ build: true, reason: 'sources changed since the last build' });
    writeStamp(root, PART.name, plan().current);
    rmSync(join(root, 'out'), { recursive: true });
    expect(plan()).toMatchObject({ build: true, reason: 'not built yet' });
  });
});
