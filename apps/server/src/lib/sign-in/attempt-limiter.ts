import { createHash } from 'node:crypto';
import { tooManyRequests } from '../errors.ts';
import type { RateLimitStore } from '../rate-limiter.ts';

export interface AttemptLimits {
  /** Wrong attempts per account from one client address (or one known browser) before it is locked out for the window. */
  perAccount: number;
  /** Sign-in attempts per client address across accounts in the window. */
  perIp: number;
  windowSeconds: number;
  /** Across addresses an account is slowed down, never locked: at most this many seconds between attempts. */
  slowdownMaxSeconds: number;
}

/** An attempt at a secret: whose account (as typed, e.g. the e-mail), from which address, and from which browser. */
export interface SignInAttempt {
  account: string;
  ip: string;
  /**
   * The X-Fingerprint when this browser has signed in to the account before (the owner's usual
   * browser, login-device.ts `isKnownBrowser`), else null.
   */
  knownBrowser: string | null;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * Attempts at an account's secret: sign-in and the password change (issue 9, section 6). A lock on the
 * account for everyone would let anyone keep its owner out, so:
 * - from one client address, an account is locked after `perAccount` attempts in the window
 *   (429 with the window's remaining seconds), for that address only;
 * - across addresses, once the account has had `perAccount` attempts in the window, it takes one
 *   per 1, 2, 4… seconds, at most `slowdownMaxSeconds`: a 429 whose Retry-After never exceeds that;
 * - a browser that has signed in to the account before counts on its own (locked after `perAccount`
 *   wrong attempts from it) and is held by neither of the above nor by the per-address limit, so
 *   someone else's guesses, from anywhere, do not keep the owner out of their usual browser;
 * - one address gets `perIp` sign-in attempts across accounts in the window.
 * `check` counts an attempt when it is made, not when it fails, so concurrent guesses cannot slip
 * through between the check and the verdict; `succeed` clears the counts that held it.
 */
export class AttemptLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: AttemptLimits,
  ) {}

  /** Counts the attempt; throws 429 with Retry-After when it may not be made now. */
  async check(attempt: SignInAttempt): Promise<void> {
    const wait = await this.waitFor(attempt);
    if (wait !== null) throw tooManyRequests(wait);
  }

  /** The secret was right: the counts that held this attempt start again. */
  async succeed(attempt: SignInAttempt): Promise<void> {
    const k = this.keys(attempt);
    const keys = attempt.knownBrowser !== null ? [k.browser] : [k.address, k.account, `${k.account}:slot`];
    await Promise.all(keys.map((key) => this.store.reset(key)));
  }

  private async waitFor(attempt: SignInAttempt): Promise<number | null> {
    const { perAccount, perIp, windowSeconds, slowdownMaxSeconds } = this.limits;
    const k = this.keys(attempt);
    if (attempt.knownBrowser !== null) {
      const browser = await this.store.hit(k.browser, windowSeconds);
      return browser.count > perAccount ? Math.max(1, browser.ttl) : null;
    }
    const [byIp, byAddress, byAccount] = await Promise.all([
      this.store.hit(k.ip, windowSeconds),
      this.store.hit(k.address, windowSeconds),
      this.store.hit(k.account, windowSeconds),
    ]);
    const locked = [byIp.count > perIp ? byIp.ttl : 0, byAddress.count > perAccount ? byAddress.ttl : 0];
    if (Math.max(...locked) > 0) return Math.max(1, ...locked);
    if (byAccount.count <= perAccount) return null;
    const spacing = Math.min(2 ** Math.min(byAccount.count - perAccount - 1, 16), slowdownMaxSeconds);
    const slot = await this.store.hit(`${k.account}:slot`, spacing);
    return slot.count > 1 ? Math.min(Math.max(1, slot.ttl), slowdownMaxSeconds) : null;
  }

  // The `login:` prefix predates the password change sharing these counts: renaming it would reset
  // every live count in Redis on deploy.
  private keys(attempt: SignInAttempt) {
    return {
      ip: `login:ip:${attempt.ip}`,
      account: `login:account:${attempt.account}`,
      address: `login:account-ip:${attempt.account}:${attempt.ip}`,
      browser: `login:account-browser:${attempt.account}:${digest(attempt.knownBrowser ?? '')}`,
    };
  }
}

/** The app's limiter: its rate-limit store (in-process or Redis) and LOGIN_RATE_LIMIT_* settings. */
export const attemptLimiter = (app: { rateLimits: RateLimitStore; config: { loginRateLimit: AttemptLimits } }) =>
  new AttemptLimiter(app.rateLimits, app.config.loginRateLimit);
