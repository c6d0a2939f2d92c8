import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { readEnvFile } from '../src/lib/process/env-file.ts';

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

  it('names no setting in .env.example that config.ts does not read', () => {
    const inConfig = new Set(settingsInConfig());
    const named = exampleLines()
      .map((l) => /^#? ?([A-Z][A-Z0-9_]+)=/.exec(l)?.[1])
      .filter((k): k is string => !!k);
    expect(named.filter((k) => !inConfig.has(k))).toEqual([]);
  });

  it('documents every setting of config.ts in docs/configuration.md, and names none it does not read', () => {
    const doc = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    const quoted = new Set([...doc.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    // `GOOGLE_*`: a family of settings documented together.
    const families = [...doc.matchAll(/`([A-Z][A-Z0-9_]*_)\*`/g)].map((m) => m[1]);
    const documented = (k: string) => quoted.has(k) || families.some((f) => k.startsWith(f));
    expect(settingsInConfig().filter((k) => !documented(k))).toEqual([]);
    // The settings table's first column: each name there is one config.ts reads.
    const inConfig = new Set(settingsInConfig());
    const tableNames = doc
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .flatMap((l) => [...l.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(tableNames.length).toBeGreaterThan(20);
    // In a family's row, `CLIENT_ID` stands for `GOOGLE_CLIENT_ID` and the others.
    expect(tableNames.filter((k) => !inConfig.has(k) && !families.some((f) => inConfig.has(f + k)))).toEqual([]);
  });

  it('accepts every value .env.example sets, read as .env is read', () => {
    const env = parseEnv(readFileSync(join(ROOT, '.env.example'), 'utf8'));
    // Unset by default: mails come from the app name (lib/mail/outbox.ts senderOf).
    expect(env.MAIL_FROM).toBeUndefined();
    expect(loadConfig({ ...env, DATA_DIR: dataDir }).mail.from).toBeNull();
  });

  it('reads .env under the environment: a variable already set wins, even when empty', () => {
    const file = join(dataDir, 'test.env');
    writeFileSync(file, 'PORT=3200\nHOST=127.0.0.1\nMAIL_FROM="Site <a@b.c>" # a comment\nLOG_LEVEL=debug\n');
    const env: NodeJS.ProcessEnv = { ENV_FILE: file, HOST: '0.0.0.0', LOG_LEVEL: '' };
    expect(readEnvFile(env)).toBe(file);
    expect(env).toMatchObject({ PORT: '3200', HOST: '0.0.0.0', MAIL_FROM: 'Site <a@b.c>', LOG_LEVEL: '' });
    expect(loadConfig({ ...env, DATA_DIR: dataDir }).port).toBe(3200);
    expect(readEnvFile({ ENV_FILE: 'off' })).toBeNull();
    expect(readEnvFile({ ENV_FILE: join(dataDir, 'missing.env') })).toBeNull();
  });

  it('refuses a DATA_DIR that is a file, naming it', () => {
    const file = join(dataDir, 'not-a-folder');
    writeFileSync(file, 'x');
    expect(() => loadConfig({ DATA_DIR: file })).toThrow(`Invalid configuration: DATA_DIR: ${file} is a file, not a folder`);
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
    expect((err as Error).message).not.toContain('\n');
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
