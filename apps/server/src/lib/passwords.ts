import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// argon2id with the library's OWASP-aligned defaults.
export const hashPassword = (plain: string) => hash(plain);

// A real hash to verify against when the email is unknown, so both paths take similar time.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(hashed: string | null, plain: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hash('dummy-password-for-timing');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(hashed, plain).catch(() => false);
}

/** A readable initial password: 12 characters from an unambiguous alphabet plus a symbol and digit. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(12);
  const core = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${core.slice(0, 6)}-${core.slice(6)}#${randomBytes(1)[0] % 10}`;
}
