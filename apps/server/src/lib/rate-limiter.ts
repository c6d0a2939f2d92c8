import { createHash } from 'node:crypto';

/** Fixed-window counters. In-process by default; the Redis store shares them across instances. */
export interface RateLimitStore {
  /** Adds one hit to `key` and returns the hits in the current window and its seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; ttl: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    w.count += 1;
    return { count: w.count, ttl: Math.ceil((w.resetAt - now) / 1000) };
  }
  async reset(key: string) {
    this.windows.delete(key);
  }
  async close() {}
  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

export interface PasswordGuessLimits {
  /** Wrong guesses per account from one client address (or one known browser) before it is locked out for the window. */
  perAccount: number;
  /** Sign-in attempts per client address across accounts in the window. */
  perIp: number;
  windowSeconds: number;
  /** Across addresses an account is slowed down, never locked: at most this many seconds between guesses. */
  slowdownMaxSeconds: number;
}

/** A password guess: whose account (the e-mail as typed), from which address, and from which browser. */
export interface PasswordGuess {
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
 * Sign-in and password-change guesses (issue 9, section 6). A lock on the account for everyone would
 * let anyone keep its owner out, so:
 * - from one client address, an account is locked after `perAccount` guesses in the window
 *   (429 with the window's remaining seconds), for that address only;
 * - across addresses, once the account has had `perAccount` guesses in the window, it takes one guess
 *   per 1, 2, 4… seconds, at most `slowdownMaxSeconds`: a 429 whose Retry-After never exceeds that;
 * - a browser that has signed in to the account before counts on its own (locked after `perAccount`
 *   wrong guesses from it) and is held by neither of the above nor by the per-address limit, so
 *   someone else's guesses, from anywhere, do not keep the owner out of their usual browser;
 * - one address gets `perIp` sign-in attempts across accounts in the window.
 * Each guess is counted when it is made (concurrent guesses cannot slip through); a right password
 * clears the counts it was held by.
 */
export class PasswordGuessLimiter {
  constructor(private readonly store: RateLimitStore, private readonly limits: PasswordGuessLimits) {}

  /** Counts the guess; answers the seconds to wait (a 429's Retry-After) when it may not be tried now, else null. */
  async admit(guess: PasswordGuess): Promise<number | null> {
    const { perAccount, perIp, windowSeconds, slowdownMaxSeconds } = this.limits;
    if (guess.knownBrowser !== null) {
      const browser = await this.store.hit(this.keys(guess).browser, windowSeconds);
      return browser.count > perAccount ? Math.max(1, browser.ttl) : null;
    }
    const k = this.keys(guess);
    const [byIp, byAddress, byAccount] = await Promise.all([
      this.store.hit(k.ip, windowSeconds), this.store.hit(k.address, windowSeconds), this.store.hit(k.account, windowSeconds),
    ]);
    const locked = [byIp.count > perIp ? byIp.ttl : 0, byAddress.count > perAccount ? byAddress.ttl : 0];
    if (Math.max(...locked) > 0) return Math.max(1, ...locked);
    if (byAccount.count <= perAccount) return null;
    const spacing = Math.min(2 ** Math.min(byAccount.count - perAccount - 1, 16), slowdownMaxSeconds);
    const slot = await this.store.hit(`${k.account}:slot`, spacing);
    return slot.count > 1 ? Math.min(Math.max(1, slot.ttl), slowdownMaxSeconds) : null;
  }

  /** The password was right: the counts that held this guess start again. */
  async succeeded(guess: PasswordGuess): Promise<void> {
    const k = this.keys(guess);
    const keys = guess.knownBrowser !== null ? [k.browser] : [k.address, k.account, `${k.account}:slot`];
    await Promise.all(keys.map((key) => this.store.reset(key)));
  }

  private keys(guess: PasswordGuess) {
    return {
      ip: `login:ip:${guess.ip}`,
      account: `login:account:${guess.account}`,
      address: `login:account-ip:${guess.account}:${guess.ip}`,
      browser: `login:account-browser:${guess.account}:${digest(guess.knownBrowser ?? '')}`,
    };
  }
}
