import type { Config } from '../config.ts';
import { recaptchaFail } from './errors.ts';

/** Verifies a reCAPTCHA token at the configured siteverify endpoint; no secret means no check. */
export async function verifyRecaptcha(config: Config, token: string | undefined, ip: string): Promise<void> {
  const { secret, verifyUrl, minScore } = config.recaptcha;
  if (!secret) return;
  if (!token) throw recaptchaFail();
  try {
    const res = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as { success?: boolean; score?: number };
    if (!body.success || (typeof body.score === 'number' && body.score < minScore)) throw recaptchaFail();
  } catch {
    throw recaptchaFail();
  }
}
