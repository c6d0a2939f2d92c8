import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for what the server must read back but the database must not show (a queued
 * mail holding a sign-in code or a reset link, a two-factor secret): AES-256-GCM with a key derived
 * (HKDF) from the server secret and a label per use. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function secretBox(serverSecret: string, label: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'secret-box', label, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    /** The plain text, or null when the box was sealed with another key (the server secret changed) or altered. */
    open(sealed: string): string | null {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
