import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { ReadDb, Trx } from '../../db/database.ts';
import { adminRolesOf, parseRoles } from '../context/actor.ts';
import { allMembershipRoles } from '../context/actor.repository.ts';
import { loadAppConfig } from '../app-config.ts';
import { secretBox } from '../secret-box.ts';
import { digestSecret, sameDigest } from './secret-digest.ts';
import {
  countUnusedRecoveryCodes,
  replaceRecoveryCodeRows,
  twoFactorEnabledAt,
  unusedRecoveryCodes,
  useUpRecoveryCode,
} from './two-factor.repository.ts';

/** Issue 10: authenticator codes (RFC 6238, what every authenticator app reads) and recovery codes. */
export const TWO_FACTOR_RULES = {
  digits: 6,
  period: 30,
  /** Codes of the step before and after are accepted too: a phone's clock may be off by half a minute. */
  window: 1,
  recoveryCodes: 10,
  /** A first factor waits this long for its second (sign_in_challenges). */
  challengeSeconds: 5 * 60,
  /** Wrong second factors before the challenge dies and sign-in starts over. */
  challengeTries: 5,
} as const;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx` from an alphabet without look-alikes (0/o, 1/l/i): about 49 bits each. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: TWO_FACTOR_RULES.recoveryCodes }, () => `${part()}-${part()}`);
}

/** What was typed, as it was issued: spaces dropped, lower case, the dash put back. */
export function normalizeRecoveryCode(typed: string): string {
  const bare = typed.toLowerCase().replace(/[^a-z0-9]/g, '');
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : bare;
}

const totpOf = (secretBase32: string, label = 'admin', issuer = 'BuildOffice') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR_RULES.digits,
    period: TWO_FACTOR_RULES.period,
    secret: Secret.fromBase32(secretBase32),
  });

/** The code an authenticator app shows now (tests, and the stand-in phone of the e2e flows). */
export const currentCode = (secretBase32: string, timestamp = Date.now()): string => totpOf(secretBase32).generate({ timestamp });

/**
 * Two-factor of the admins, bound to the server secret: secrets are sealed with a key derived from it
 * and recovery codes kept as its HMAC (lib/identity/secret-digest.ts).
 */
export function twoFactor(serverSecret: string) {
  const box = secretBox(serverSecret, 'two-factor');
  const digest = (code: string) => digestSecret(serverSecret, 'recovery_code', normalizeRecoveryCode(code));

  return {
    /** A new secret: its base32 for the app and the sealed form to store. */
    newSecret(): { base32: string; sealed: string } {
      const base32 = new Secret({ size: 20 }).base32;
      return { base32, sealed: box.seal(base32) };
    },
    open: (sealed: string): string | null => box.open(sealed),
    /** The otpauth:// address an authenticator app reads from the QR code. */
    otpauthUrl: (base32: string, account: string, issuer: string): string => totpOf(base32, account, issuer).toString(),

    /**
     * The time step of `code` when it is a code of `base32` within the window and later than
     * `lastStep` (a code is accepted once, even within its 30 seconds), otherwise null.
     */
    matchStep(base32: string, code: string, lastStep: number | null): number | null {
      if (!/^\d{6}$/.test(code)) return null;
      const now = Date.now();
      const delta = totpOf(base32).validate({ token: code, timestamp: now, window: TWO_FACTOR_RULES.window });
      if (delta === null) return null;
      const step = Math.floor(now / 1000 / TWO_FACTOR_RULES.period) + delta;
      return lastStep !== null && step <= lastStep ? null : step;
    },

    /** Replaces the admin's recovery codes with ten new ones, answered once in plain text. */
    async replaceRecoveryCodes(db: Trx, adminId: number): Promise<string[]> {
      const codes = newRecoveryCodes();
      await replaceRecoveryCodeRows(db, adminId, codes.map(digest), new Date().toISOString());
      return codes;
    },

    /** Uses up one unused recovery code of the admin; false when `typed` is none of them. */
    async useRecoveryCode(db: Trx, adminId: number, typed: string): Promise<boolean> {
      const want = digest(typed);
      const rows = await unusedRecoveryCodes(db, adminId);
      const hit = rows.find((r) => sameDigest(r.code_hash, want));
      if (!hit) return false;
      // Conditional: two requests racing with the same code use it once.
      return useUpRecoveryCode(db, hit.id, new Date().toISOString());
    },
  };
}
export type TwoFactor = ReturnType<typeof twoFactor>;

/** The admin's two-factor as the profile shows it. */
export async function twoFactorStatus(db: ReadDb, adminId: number) {
  const enabledAt = await twoFactorEnabledAt(db, adminId);
  return {
    enabled: !!enabledAt,
    enabled_at: enabledAt,
    recovery_codes_left: await countUnusedRecoveryCodes(db, adminId),
    required: await twoFactorRequired(db, adminId),
  };
}

/**
 * Whether the super admin's policy (app config twoFactorRequiredRoles) asks two-factor of this admin:
 * one of its ROLE_ roles (own or group's), or a sub-account role it holds in any organization.
 */
export async function twoFactorRequired(db: ReadDb, adminId: number): Promise<boolean> {
  const required = (await loadAppConfig(db)).twoFactorRequiredRoles;
  if (required.length === 0) return false;
  const held = new Set(await adminRolesOf(db, adminId));
  for (const roles of await allMembershipRoles(db, adminId)) for (const r of parseRoles(roles)) held.add(r);
  return required.some((r) => held.has(r));
}

/** Whether the admin has confirmed an authenticator app. */
export async function twoFactorEnabled(db: ReadDb, adminId: number): Promise<boolean> {
  return !!(await twoFactorEnabledAt(db, adminId));
}
