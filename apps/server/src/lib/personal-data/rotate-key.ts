import { randomBytes } from 'node:crypto';
import type { ActingPrincipal } from '../context/principals.ts';
import type { PrincipalContexts } from '../context/request-context.ts';
import { PERSONAL_DATA, encryptedFields, type PersonalTable } from './categories.ts';
import { deleteDataKeys, insertKey, retireDataKeysExcept, storedKeys } from './keys.repository.ts';
import { sealedRowsAfter, updateRowIf } from './sealed-rows.repository.ts';
import { keyRing, wrapKey, writableKeyRing } from './vault.ts';

export interface RotationOptions {
  /** Rows per transaction: short ones, so requests between them are answered at once. */
  batch?: number;
  /** A pause between batches (ms), leaving the database and the processor to the requests. */
  pauseMs?: number;
  print?: (line: string) => void;
}

export interface RotationResult {
  keyId: number;
  /** Values sealed again under the new key. */
  resealed: number;
  /** Old data keys deleted once nothing used them. */
  deletedKeys: number[];
}

/**
 * `rotate-personal-data-key`: a new data key seals from now on (the old ones only open), then every
 * sealed value is opened and sealed again under it, a batch of rows per short transaction with a
 * pause of 10 ms between, each row written only if no one changed it meanwhile; passes
 * repeat until no value under an old key is left, and the old keys are deleted. The index key stays:
 * blind indexes, search and uniqueness are untouched. Safe to run while the server serves, and again
 * after an interruption.
 */
export async function rotatePersonalDataKey<P extends ActingPrincipal>(
  contexts: PrincipalContexts<P>,
  opts: RotationOptions = {},
): Promise<RotationResult> {
  const batch = opts.batch ?? 100;
  const pause = opts.pauseMs ?? 10;
  const turn = () => new Promise<void>((resolve) => setTimeout(resolve, pause));
  const keyId = await contexts.inTransaction(async (ctx) => {
    await writableKeyRing(ctx.trx, ctx.config);
    const id = await insertKey(ctx.trx, 'data', wrapKey(ctx.config, 'data', randomBytes(32)));
    await retireDataKeysExcept(ctx.trx, id);
    return id;
  });
  opts.print?.(`new personal-data key ${keyId}: sealing again every value under it`);
  let resealed = 0;
  for (;;) {
    let pass = 0;
    for (const table of Object.keys(PERSONAL_DATA) as PersonalTable[]) {
      const fields = encryptedFields(table);
      let after = 0;
      for (;;) {
        const { count, last } = await contexts
          .inTransaction(async (ctx) => {
            const ring = await keyRing(ctx.trx, ctx.config);
            const rows = await sealedRowsAfter(ctx.trx, table, fields, after, batch);
            let n = 0;
            for (const r of rows) {
              const expected: Record<string, string> = {};
              const values: Record<string, string> = {};
              for (const f of fields) {
                const sealed = r[f.columns.sealed!];
                if (!sealed || ring.keyIdOf(sealed) === keyId) continue;
                expected[f.columns.sealed!] = sealed;
                values[f.columns.sealed!] = ring.seal(table, f.field, r.id, ring.open(table, f.field, r.id, sealed));
              }
              if (Object.keys(values).length && (await updateRowIf(ctx.trx, table, r.id, expected, values)))
                n += Object.keys(values).length;
            }
            return { count: rows.length, last: rows.at(-1)?.id ?? after, n };
          })
          .then((x) => {
            pass += x.n;
            return x;
          });
        after = last;
        if (count < batch) break;
        await turn();
      }
    }
    resealed += pass;
    opts.print?.(`  ${pass} values sealed again`);
    if (pass === 0) break;
  }
  const deletedKeys = await contexts.inTransaction(async (ctx) => {
    const old = (await storedKeys(ctx.trx)).filter((k) => k.purpose === 'data' && k.id !== keyId).map((k) => k.id);
    await deleteDataKeys(ctx.trx, old);
    return old;
  });
  opts.print?.(`done: ${resealed} values under key ${keyId}; old keys deleted: ${deletedKeys.join(', ') || 'none'}`);
  return { keyId, resealed, deletedKeys };
}
