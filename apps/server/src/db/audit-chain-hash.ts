import { createHash } from 'node:crypto';

/**
 * The audit chain (docs/audit-log.md "The chain"): every entry stores the hash of its canonical content
 * and of the entry before it, so an entry edited, deleted, inserted or moved in the database itself no
 * longer matches. scripts/verify-audit-export.mjs repeats this for auditors; keep the two the same.
 */

/** The `prev_hash` of the first entry of a database. */
export const GENESIS_HASH = '0'.repeat(64);

/** The recorded columns of an entry, in the order they are hashed. */
export const CHAINED_COLUMNS = [
  'created_at',
  'actor_kind',
  'actor_id',
  'impersonator_id',
  'organization_id',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'before',
  'after',
  'ip',
  'user_agent',
] as const;

export type ChainedColumn = (typeof CHAINED_COLUMNS)[number];
export type ChainedContent = Record<ChainedColumn, string | number | null>;

/**
 * sha256 (hex) of the previous hash, a line feed and the JSON array of the columns as text (a number
 * in decimal, null as the empty string, as a CSV export writes them). `before`/`after` are the JSON
 * text as stored (already scrubbed of secrets).
 */
export function chainHash(prevHash: string, content: ChainedContent): string {
  const cells = CHAINED_COLUMNS.map((c) => {
    const v = content[c];
    return v === null || v === undefined ? '' : String(v);
  });
  return createHash('sha256')
    .update(`${prevHash}\n${JSON.stringify(cells)}`)
    .digest('hex');
}
