import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+\.ts)'/gm;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );

/** Each file's relative imports, type-only ones included (they order the module graph for tools too). */
const importGraph = (files: string[]): Map<string, string[]> =>
  new Map(files.map((f) => [f, [...readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => resolve(dirname(f), m[1]!))]));

/** The first circle of the graph, as the path that closes it, or null. */
function firstCircle(edges: Map<string, string[]>): string[] | null {
  const files = [...edges.keys()];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): string[] | null => {
    if (state.get(f) === 'done') return null;
    if (state.get(f) === 'open') return [...path.slice(path.indexOf(f)), f];
    state.set(f, 'open');
    path.push(f);
    for (const next of edges.get(f) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of files) {
    const circle = visit(f);
    if (circle) return circle;
  }
  return null;
}

// A module graph with a circle loads in an order that depends on who imports first (docs/architecture.md).
describe('server imports', () => {
  it('have no circle', () => {
    expect(firstCircle(importGraph(sourceFiles(SRC)))?.map((f) => f.slice(SRC.length + 1)) ?? null).toBeNull();
  });

  it('are checked: a circle is found and named', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(firstCircle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    graph.set('c.ts', []);
    expect(firstCircle(graph)).toBeNull();
  });
});
