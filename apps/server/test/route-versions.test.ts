import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import type { CollectedRoute } from './route-collector.ts';
import type { VersionDeclaration } from '../src/lib/context/record-versions.ts';

// Every route the app registers, collected by an onRoute hook added the moment Fastify is created.
const routes = vi.hoisted(() => [] as CollectedRoute[]);
vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const writes = () =>
  routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && [r.method].flat().some((m) => m !== 'GET' && m !== 'HEAD'));
const label = (r: CollectedRoute) => `${[r.method].flat().join(',')} ${r.url}`;
const versionOf = (r: CollectedRoute) => (r.config as { version?: VersionDeclaration } | undefined)?.version;

describe('versions on every write (issue 36)', () => {
  it('has every write declare the record it changes, that it creates one, or why it checks no version', () => {
    expect(writes().length).toBeGreaterThan(100);
    const undeclared = writes()
      .filter((r) => {
        const v = versionOf(r);
        if (v === 'create') return false;
        if (v && typeof v === 'object' && 'unversioned' in v) return !(typeof v.unversioned === 'string' && v.unversioned.length > 3);
        return !(v && typeof v === 'object' && 'target' in v);
      })
      .map(label);
    expect(undeclared).toEqual([]);
  });
});
