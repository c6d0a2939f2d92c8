import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { routesOf, type VersionedRoute } from '../src/lib/context/version-check.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Every route the app registered, with its version declaration (plugins/access.ts remembers them).
const writes = () =>
  routesOf(t.app).filter(
    (r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.methods.some((m) => m !== 'GET' && m !== 'HEAD'),
  );
const label = (r: VersionedRoute) => `${r.methods.join(',')} ${r.url}`;
const versionOf = (r: VersionedRoute) => r.version;

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
