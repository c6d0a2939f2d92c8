import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'bo-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const settingsInConfig = () =>
  [...readFileSync(join(ROOT, 'apps/server/src/config.ts'), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]).sort();
const exampleLines = () => readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n');

describe('configuration', () => {
  it('documents every setting of config.ts in .env.example', () => {
    const documented = new Set(
      exampleLines()
        .map((l) => /^#? ?([A-Z][A-Z0-9_]+)=/.exec(l)?.[1])
        .filter(Boolean),
    );
    expect(settingsInConfig().filter((k) => !documented.has(k))).toEqual([]);
  });

  it('accepts every value .env.example sets', () => {
    const env = Object.fromEntries(
      exampleLines()
        .map((l) => /^([A-Z][A-Z0-9_]+)=(.*)$/.exec(l))
        .filter((m) => m !== null)
        .map((m) => [m![1], m![2]]),
    );
    expect(() => loadConfig({ ...env, DATA_DIR: dataDir })).not.toThrow();
  });

  it('names each wrong variable in one message', () => {
    let err: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://cache', TOKEN_TTL_MINUTES: '1' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'TOKEN_TTL_MINUTES']) expect((err as Error).message).toContain(`${name}:`);
  });

  it('checks TRUST_PROXY: true, a hop count or proxy addresses, and names a wrong entry', () => {
    const trust = (v: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: v }).trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,fd00::/8,loopback')).toBe('127.0.0.1, 10.0.0.0/8,fd00::/8,loopback');
    expect(() => trust('proxy.example.com')).toThrow(/TRUST_PROXY: not a proxy address: proxy.example.com/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it('needs a bucket for S3 storage', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });
});
