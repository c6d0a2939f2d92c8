import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { AppError, recaptchaFail } from '../errors.ts';
import { MemoryRateLimitStore } from '../rate-limiter.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import type { Claim, CredentialStrategy } from './credential-strategy.ts';
import type { ProvenMember } from './proven-account.ts';
import { appHost } from '../context/request-context.ts';
import { createSignIn, type SessionStore } from './sign-in.ts';
import type { SignInClient } from './sign-in-client.ts';

/**
 * The pipeline with a principal that is not an admin: a member strategy (an e-mail and a code, as
 * issue 10 will add) and a session store of members that records what it was asked to open.
 */
interface CodeCredentials {
  email: string;
  code: string;
}
const MEMBERS: Record<string, { id: number; code: string; status: 'active' | 'disabled' }> = {
  'ann@example.com': { id: 41, code: '123456', status: 'active' },
  'bob@example.com': { id: 42, code: '654321', status: 'disabled' },
};

function memberCodeStrategy() {
  const verified: string[] = [];
  const strategy: CredentialStrategy<CodeCredentials, ProvenMember> = {
    principalType: 'member',
    methodOf: () => 'member_code',
    async claim({ email }) {
      const member = MEMBERS[email.toLowerCase()];
      return {
        account: `member:${email.toLowerCase()}`,
        principal: member ? { type: 'member', id: member.id } : null,
        attempted: { email },
      };
    },
    async verify({ email, code }, claim: Claim<ProvenMember>) {
      verified.push(email);
      const member = MEMBERS[email.toLowerCase()];
      if (!member || !claim.principal) return { ok: false, failure: 'unknown_account' };
      if (member.code !== code) return { ok: false, failure: 'wrong_secret' };
      if (member.status !== 'active') return { ok: false, failure: 'disabled' };
      return { ok: true, principal: claim.principal };
    },
  };
  return { strategy, verified };
}

function memberSessions(knownBrowsers: string[] = []) {
  const opened: { principal: ProvenMember; keepLogin: boolean }[] = [];
  const sessions: SessionStore<ProvenMember> = {
    isKnownBrowser: async (_db, _principal, fingerprint) => knownBrowsers.includes(fingerprint),
    open: async (_ctx, { principal, keepLogin }) => {
      opened.push({ principal, keepLogin });
      return { token: `member-token-${principal.id}` };
    },
  };
  return { sessions, opened };
}

const LIMITS = { perAccount: 3, perIp: 100, windowSeconds: 60, slowdownMaxSeconds: 5 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
const client = (over: Partial<SignInClient> = {}): SignInClient => ({
  ip: `10.9.0.${++ipSeq}`,
  userAgent: 'vitest',
  fingerprint: 'fp-1',
  ...over,
});

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function pipeline(opts: { knownBrowsers?: string[]; recaptcha?: (token: string | undefined) => Promise<void> } = {}) {
  const { sessions, opened } = memberSessions(opts.knownBrowsers);
  const recaptchaTokens: (string | undefined)[] = [];
  const signIn = createSignIn({
    host: appHost(t.app),
    limiter: new AttemptLimiter(new MemoryRateLimitStore(), LIMITS),
    verifyRecaptcha: async (token) => {
      recaptchaTokens.push(token);
      await opts.recaptcha?.(token);
    },
    sessions,
    secondFactor: async () => null,
  });
  return { signIn, opened, recaptchaTokens };
}

describe('sign-in pipeline', () => {
  it('opens a session for the member principal a strategy answers', async () => {
    const { signIn, opened } = pipeline();
    const { strategy } = memberCodeStrategy();
    const res = await signIn(strategy, { credentials: { email: 'Ann@example.com', code: '123456' }, client: client(), keepLogin: true });
    expect(res).toEqual({ token: 'member-token-41' });
    expect(opened).toEqual([{ principal: { type: 'member', id: 41 }, keepLogin: true }]);
  });

  it('refuses a wrong code, a disabled member and an unknown e-mail with the same 401, audited without an actor', async () => {
    const { signIn, opened } = pipeline();
    const { strategy } = memberCodeStrategy();
    const cases: [CodeCredentials, number | null][] = [
      [{ email: 'ann@example.com', code: '000000' }, 41],
      [{ email: 'bob@example.com', code: '654321' }, 42],
      [{ email: 'nobody@example.com', code: '1' }, null],
    ];
    for (const [credentials, targetId] of cases) {
      const c = client();
      const err = await refusal(signIn(strategy, { credentials, client: c, keepLogin: false }));
      expect(err.statusCode).toBe(401);
      expect(err.message).toBe('Login fail');
      const rows = await t.db.selectFrom('audit_logs').selectAll().where('action', '=', 'login_failed').where('ip', '=', c.ip).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor_id: null,
        target_type: 'member',
        target_id: targetId === null ? null : String(targetId),
        user_agent: 'vitest',
      });
      expect(JSON.parse(rows[0].after!)).toEqual({ email: credentials.email });
    }
    expect(opened).toEqual([]);
  });

  it('locks the account for a client address after too many wrong attempts, before the strategy checks anything', async () => {
    const { signIn, opened } = pipeline();
    const { strategy, verified } = memberCodeStrategy();
    const c = client();
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect(
        (await refusal(signIn(strategy, { credentials: { email: 'ann@example.com', code: 'bad' }, client: c, keepLogin: false })))
          .statusCode,
      ).toBe(401);
    }
    const locked = await refusal(
      signIn(strategy, { credentials: { email: 'ann@example.com', code: '123456' }, client: c, keepLogin: false }),
    );
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers?.['retry-after'])).toBeGreaterThan(0);
    expect(verified).toHaveLength(LIMITS.perAccount);
    expect(opened).toEqual([]);
    // Another address is not held by that lock.
    expect(
      await signIn(strategy, { credentials: { email: 'ann@example.com', code: '123456' }, client: client(), keepLogin: false }),
    ).toEqual({ token: 'member-token-41' });
  });

  it("counts a known browser's attempts apart: a lock on the address does not hold the owner's browser", async () => {
    const { signIn } = pipeline({ knownBrowsers: ['owner-browser'] });
    const { strategy } = memberCodeStrategy();
    const ip = '10.9.9.9';
    for (let i = 0; i < LIMITS.perAccount + 1; i++) {
      await refusal(
        signIn(strategy, {
          credentials: { email: 'ann@example.com', code: 'bad' },
          client: client({ ip, fingerprint: 'stranger' }),
          keepLogin: false,
        }),
      );
    }
    expect(
      (
        await refusal(
          signIn(strategy, {
            credentials: { email: 'ann@example.com', code: '123456' },
            client: client({ ip, fingerprint: 'stranger' }),
            keepLogin: false,
          }),
        )
      ).statusCode,
    ).toBe(429);
    const owner = await signIn(strategy, {
      credentials: { email: 'ann@example.com', code: '123456' },
      client: client({ ip, fingerprint: 'owner-browser' }),
      keepLogin: false,
    });
    expect(owner).toEqual({ token: 'member-token-41' });
  });

  it('checks reCAPTCHA only when the route asks, and a refused token stops the attempt before the strategy', async () => {
    const { signIn, recaptchaTokens } = pipeline({
      recaptcha: async (token) => {
        if (token !== 'human') throw recaptchaFail();
      },
    });
    const { strategy, verified } = memberCodeStrategy();
    const credentials = { email: 'ann@example.com', code: '123456' };
    expect(await signIn(strategy, { credentials, client: client(), keepLogin: false })).toEqual({ token: 'member-token-41' });
    expect(recaptchaTokens).toEqual([]);
    const refused = await refusal(signIn(strategy, { credentials, client: client(), keepLogin: false, recaptcha: { token: 'bot' } }));
    expect(refused.statusCode).toBe(423);
    expect(verified).toHaveLength(1);
    expect(await signIn(strategy, { credentials, client: client(), keepLogin: false, recaptcha: { token: 'human' } })).toEqual({
      token: 'member-token-41',
    });
    expect(recaptchaTokens).toEqual(['bot', 'human']);
  });
});
