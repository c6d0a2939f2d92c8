import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, login, type TestApp } from './helpers.ts';
import { upload } from '../src/modules/file/media.testkit.ts';
import { redactUrl } from '../src/lib/log-redaction.ts';

describe.each(['info', 'trace'])('secrets never reach the log at level %s', (level) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: level },
      {
        logStream: {
          write: (line) => {
            lines.push(line);
          },
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs requests without the password, the token or a signed link signature', async () => {
    const admin = await buildAdmin(t.db, { roles: ['ROLE_BASE'], password: 'Sup3r-Secret!' });
    const token = await login(t.app, admin);
    const file = await upload(t.app, token, '/api/admin/file/upload', { name: 'plan.txt', data: Buffer.from('floor plan') });
    expect(file.statusCode, file.body).toBe(200);
    const link = new URL((await api(t.app, token).post('/api/admin/file/signed-url', { path: file.json().path, ttl: 60 })).json().url);
    const sig = link.searchParams.get('sig')!;
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/files/signed/');
    expect(log).toContain('sig=[redacted]');
    expect(sig.length).toBeGreaterThan(20);
    expect(log).not.toContain(sig);
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]);
    expect(log).not.toContain('Sup3r-Secret!');
  });
});

describe('log redaction', () => {
  it('redacts credential-like query parameters wherever they stand', () => {
    expect(redactUrl('/a?e=1&sig=abc&p=x')).toBe('/a?e=1&sig=[redacted]&p=x');
    expect(redactUrl('/a?token=t.t.t')).toBe('/a?token=[redacted]');
    expect(redactUrl('/a?x=1&ACCESS_TOKEN=zz#frag')).toBe('/a?x=1&ACCESS_TOKEN=[redacted]#frag');
    expect(redactUrl('/a?designation=sig=1')).toBe('/a?designation=sig=1');
    expect(redactUrl('/oauth-return/line?code=abc&state=xyz')).toBe('/oauth-return/line?code=[redacted]&state=[redacted]');
    expect(redactUrl('/send-reset-password-email?token=r3set')).toBe('/send-reset-password-email?token=[redacted]');
  });
});
