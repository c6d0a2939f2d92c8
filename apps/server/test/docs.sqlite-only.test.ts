import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository's documents stand on their own: every link and file they name is inside it. */
const ROOT = resolve(import.meta.dirname, '../../..');
const DOCS = [
  'README.md',
  'apps/web/README.md',
  'bench/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = (doc: string) => readFileSync(join(ROOT, doc), 'utf8');

describe('the documents', () => {
  it('point at nothing outside the repository', () => {
    const outside = DOCS.flatMap((doc) =>
      [...text(doc).matchAll(/(\.\.\/shared\/|\/work\/|\.\.\/\.\.\/\.\.\/)\S*/g)].map((m) => `${doc}: ${m[0]}`),
    );
    expect(outside).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken = DOCS.flatMap((doc) =>
      [...text(doc).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1].split('#')[0])
        .filter((target) => target && !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(resolve(ROOT, dirname(doc), target)))
        .map((target) => `${doc}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('name the scripts the README tells an operator to run', () => {
    const scripts = JSON.parse(text('package.json')).scripts as Record<string, string>;
    const readme = text('README.md');
    for (const name of ['start', 'build', 'test', 'cli', 'typecheck', 'dev']) expect(scripts[name], name).toBeDefined();
    for (const file of readme.matchAll(/`node (scripts\/[\w-]+\.mjs)/g)) expect(existsSync(join(ROOT, file[1])), file[1]).toBe(true);
    expect(readme).toMatch(/Node\.js 22\b/);
    expect(readme).toContain('.env');
  });
});
