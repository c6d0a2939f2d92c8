import { createHash } from 'node:crypto';
import { tooManyRequests } from '../errors.ts';
import type { RateLimitStore } from '../rate-limiter.ts';

/** Issue 10: a new code or link to one address once a minute; twenty from one client address an hour. */
export const SEND_PACING = { perAddressSeconds: 60, perIp: 20, perIpWindowSeconds: 3600 } as const;

const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * Paces mails a caller can make the server send (sign-in codes, reset links, identity codes): one per
 * e-mail address a minute and a few per client address an hour, counted the same for addresses with no
 * account, so a 429 says nothing about which e-mails exist. Throws 429 with Retry-After.
 */
export async function paceSend(store: RateLimitStore, opts: { kind: string; email: string; ip: string }): Promise<void> {
  const byAddress = await store.hit(`send:${opts.kind}:address:${digest(opts.email.toLowerCase())}`, SEND_PACING.perAddressSeconds);
  if (byAddress.count > 1) throw tooManyRequests(Math.max(1, byAddress.ttl));
  const byIp = await store.hit(`send:${opts.kind}:ip:${opts.ip}`, SEND_PACING.perIpWindowSeconds);
  if (byIp.count > SEND_PACING.perIp) throw tooManyRequests(Math.max(1, byIp.ttl));
}
