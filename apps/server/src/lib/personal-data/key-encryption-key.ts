import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Config } from '../../config.ts';

export class PersonalDataKeyError extends Error {}

const loaded = new WeakMap<Config['personalDataKey'], Buffer>();

/**
 * The key-encryption key that wraps the data keys: PERSONAL_DATA_KEY, or the key file in DATA_DIR,
 * made (mode 0600) the first time it is asked for. A backup never holds the file: whoever has a
 * backup and not this key reads no national id.
 */
export function keyEncryptionKey(config: Pick<Config, 'personalDataKey'>): Buffer {
  const source = config.personalDataKey;
  const known = loaded.get(source);
  if (known) return known;
  let key: Buffer;
  if (source.source === 'env') key = source.key;
  else if (existsSync(source.file)) {
    key = Buffer.from(readFileSync(source.file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new PersonalDataKeyError(`${source.file} does not hold base64 of 32 bytes`);
  } else {
    key = randomBytes(32);
    writeFileSync(source.file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  loaded.set(source, key);
  return key;
}
