import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildAdmin, createTestApp, FINGERPRINT, login, type TestApp } from '../../../test/helpers.ts';

const LIMITS = { LOGIN_RATE_LIMIT_PER_ACCOUNT: '3', LOGIN_RATE_LIMIT_PER_IP: '50', LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
});
afterAll(async () => {
  await t?.close();
});

const signIn = (email: string, password: string, fingerprint = FINGERPRINT) =>
  api(t.app).post('/api/admin/account/login', { email, password }, { 'x-fingerprint': fingerprint });

// docs/sign-in.md: the password change and sign-in count attempts at the same secret together.
describe('the attempt limiter shared by sign-in and the password change', () => {
  it('locks sign-in from this browser after wrong current passwords on the password change, and not from another browser', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    for (let i = 0; i < 3; i++) {
      const res = await api(t.app, token).put('/api/admin/account/reset-password', {
        current_password: 'wrong',
        password: 'Another-Pass-42',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ current_password: ['validate.error.password_incorrect'] });
    }
    const locked = await signIn(admin.email, admin.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too Many Requests' });
    expect((await signIn(admin.email, admin.password, 'a-new-browser')).statusCode).toBe(200);
  });

  it('locks the password change after wrong passwords typed at sign-in in this browser', async () => {
    const admin = await buildAdmin(t.db);
    const token = await login(t.app, admin);
    for (let i = 0; i < 3; i++) expect((await signIn(admin.email, 'wrong')).statusCode).toBe(401);
    const res = await api(t.app, token).put('/api/admin/account/reset-password', {
      current_password: admin.password,
      password: 'Another-Pass-42',
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
