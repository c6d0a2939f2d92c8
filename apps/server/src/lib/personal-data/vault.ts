import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { ReadDb, Trx } from '../../db/database.ts';
import { normalizeForIndex, type PersonalTable } from './categories.ts';
import { keyEncryptionKey, PersonalDataKeyError } from './key-encryption-key.ts';
import { insertKey, storedKeys, type KeyPurpose } from './keys.repository.ts';

/**
 * The vault of personal data (docs/personal-data.md "Encryption and keys"). Envelope encryption:
 * values are sealed with AES-256-GCM under a data key (a random 96-bit nonce per value; the table,
 * field and row id as associated data, so a value copied onto another row or field does not open);
 * data keys are stored wrapped by the key-encryption key. Blind indexes are HMAC-SHA256 under an
 * index key of their own, which rotation leaves alone (search and uniqueness keep working).
 *
 * Sealed value: `pd1.<data key id>.<nonce>.<ciphertext>.<tag>` (base64url).
 */
export interface KeyRing {
  /** The data key new values are sealed with; null before the first write made one. */
  readonly sealingKeyId: number | null;
  seal(table: PersonalTable, field: string, rowId: number, plain: string): string;
  /** The plain value; throws PersonalDataKeyError when no stored key opens it or it was altered or moved. */
  open(table: PersonalTable, field: string, rowId: number, sealed: string): string;
  /** The data key a value is sealed with. */
  keyIdOf(sealed: string): number;
  /** The blind index of a value; null before the first write made the index key (nothing is indexed yet). */
  blindIndex(table: PersonalTable, field: string, value: string): string | null;
}

const VERSION = 'pd1';
const b64 = (b: Buffer) => b.toString('base64url');

function gcmSeal(key: Buffer, plain: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [b64(iv), b64(data), b64(cipher.getAuthTag())].join('.');
}

function gcmOpen(key: Buffer, sealed: string, aad: string): Buffer {
  const [iv, data, tag] = sealed.split('.');
  if (!iv || data === undefined || !tag) throw new PersonalDataKeyError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  } catch {
    throw new PersonalDataKeyError('a personal-data value does not open: altered, moved or sealed with a lost key');
  }
}

const wrapAad = (purpose: KeyPurpose) => `personal-data-key:${purpose}`;
const valueAad = (table: string, field: string, rowId: number) => `${table}.${field}.${rowId}`;

/** Unwrapped keys by key-encryption key and wrapped text: unwrapping is done once per process. */
const unwrapped = new Map<string, Buffer>();

function unwrap(kek: Buffer, purpose: KeyPurpose, wrapped: string): Buffer {
  const cacheKey = `${createHash('sha256').update(kek).digest('base64url')}|${purpose}|${wrapped}`;
  let key = unwrapped.get(cacheKey);
  if (!key) {
    try {
      key = gcmOpen(kek, wrapped, wrapAad(purpose));
    } catch {
      throw new PersonalDataKeyError(
        'PERSONAL_DATA_KEY (or DATA_DIR/personal-data.key) does not open the stored personal-data keys: restore the key that goes with this database',
      );
    }
    unwrapped.set(cacheKey, key);
  }
  return key;
}

export const wrapKey = (config: Pick<Config, 'personalDataKey'>, purpose: KeyPurpose, key: Buffer): string =>
  gcmSeal(keyEncryptionKey(config), key, wrapAad(purpose));

function ringOf(kek: Buffer, rows: Awaited<ReturnType<typeof storedKeys>>): KeyRing {
  const dataKeys = new Map<number, Buffer>();
  let sealingKeyId: number | null = null;
  let indexKey: Buffer | null = null;
  for (const r of rows) {
    const purpose = r.purpose as KeyPurpose;
    const key = unwrap(kek, purpose, r.wrapped);
    if (purpose === 'index') indexKey ??= key;
    else {
      dataKeys.set(r.id, key);
      if (r.retired_at === null) sealingKeyId = r.id;
    }
  }
  const ring: KeyRing = {
    sealingKeyId,
    seal(table, field, rowId, plain) {
      if (sealingKeyId === null) throw new Error('no data key: seal through writableKeyRing');
      return `${VERSION}.${sealingKeyId}.${gcmSeal(dataKeys.get(sealingKeyId)!, Buffer.from(plain, 'utf8'), valueAad(table, field, rowId))}`;
    },
    open(table, field, rowId, sealed) {
      const id = ring.keyIdOf(sealed);
      const key = dataKeys.get(id);
      if (!key) throw new PersonalDataKeyError(`personal-data key ${id} is not stored`);
      return gcmOpen(key, sealed.slice(sealed.indexOf('.', VERSION.length + 1) + 1), valueAad(table, field, rowId)).toString('utf8');
    },
    keyIdOf(sealed) {
      const [version, id] = sealed.split('.', 2);
      if (version !== VERSION || !id || !/^\d+$/.test(id)) throw new PersonalDataKeyError('not a sealed value');
      return Number(id);
    },
    blindIndex(table, field, value) {
      if (!indexKey) return null;
      return createHmac('sha256', indexKey)
        .update(`${table}.${field}:${normalizeForIndex(value)}`)
        .digest('base64url');
    },
  };
  return ring;
}

/** The stored keys, for reading and searching (no key is made on a read). */
export async function keyRing(db: ReadDb, config: Pick<Config, 'personalDataKey'>): Promise<KeyRing> {
  return ringOf(keyEncryptionKey(config), await storedKeys(db));
}

/** The stored keys for a write: the first write makes the data key and the index key. */
export async function writableKeyRing(db: Trx, config: Pick<Config, 'personalDataKey'>): Promise<KeyRing> {
  let rows = await storedKeys(db);
  const has = (purpose: KeyPurpose) => rows.some((r) => r.purpose === purpose && (purpose === 'index' || r.retired_at === null));
  if (has('data') && has('index')) return ringOf(keyEncryptionKey(config), rows);
  for (const purpose of ['data', 'index'] as const)
    if (!has(purpose)) await insertKey(db, purpose, wrapKey(config, purpose, randomBytes(32)));
  rows = await storedKeys(db);
  return ringOf(keyEncryptionKey(config), rows);
}

export { PersonalDataKeyError };
