import type { AuditChainProblem } from '@bo/shared/schemas/audit-log';
import { instantRange } from '@bo/shared/dates';
import { chainHash, GENESIS_HASH } from '../../db/audit-chain-hash.ts';
import type { ReadDb } from '../../db/database.ts';
import { pacedBatches } from '../../lib/event-loop.ts';
import {
  anchorsThrough,
  chainHead,
  chainRows,
  entryBefore,
  entryLinkingTo,
  entryWithHash,
  firstEntryFrom,
  lastEntryBefore,
  type ChainRow,
} from './audit-chain.repository.ts';

export interface ChainBreak {
  id: number | null;
  created_at: string | null;
  problem: AuditChainProblem;
}

export interface ChainVerification {
  /** Entries walked. */
  entries: number;
  broken: ChainBreak | null;
}

export interface ChainRange {
  /** Taipei days, both inclusive (YYYY-MM-DD); absent: from the first entry, to the chain's head. */
  fromDay?: string;
  toDay?: string;
}

/**
 * Walks the chain in id order and stops at the first entry that does not hold (docs/audit-log.md
 * "Verifying"): each entry's hash is computed again from its content and the hash it links to, each
 * link must name the entry before it, each day anchor in the range must match, and, when the walk goes
 * to the end, the last entry must be the chain's head. A walk from a day starts at that day's first
 * entry and checks its link to the entry before. The rows come in paced batches (lib/event-loop.ts), so
 * other requests are answered during a walk of millions on SQLite.
 */
export async function verifyAuditChain(db: ReadDb, range: ChainRange = {}): Promise<ChainVerification> {
  const { from, toExclusive } = instantRange(range.fromDay, range.toDay);
  const head = await chainHead(db);
  const startId = from === undefined ? null : ((await firstEntryFrom(db, from))?.id ?? null);
  if (from !== undefined && startId === null) return { entries: 0, broken: null };
  const lastId = toExclusive === undefined ? null : ((await lastEntryBefore(db, toExclusive))?.id ?? null);
  if (toExclusive !== undefined && lastId === null) return { entries: 0, broken: null };

  const before = startId === null ? undefined : await entryBefore(db, startId);
  let expected = before?.hash ?? GENESIS_HASH;
  let twoBack: string | null = null;
  let previous: ChainRow | null = null;
  const anchors = new Map((await anchorsThrough(db, startId, lastId)).map((a) => [a.last_id, a.head_hash]));
  let entries = 0;
  const startAfter = before?.id ?? null;
  for await (const rows of pacedBatches<ChainRow>((limit, last) => chainRows(db, last?.id ?? startAfter, lastId, limit), {
    first: 500,
  })) {
    for (const row of rows) {
      const at = (problem: AuditChainProblem, r: ChainRow = row): ChainVerification => ({
        entries,
        broken: { id: r.id, created_at: r.created_at === null ? null : String(r.created_at), problem },
      });
      if (row.hash === null || row.prev_hash === null) return at('unchained');
      if (chainHash(row.prev_hash, row) !== row.hash) return at('altered');
      if (row.prev_hash !== expected) {
        // This entry and the one before both link to the same entry: one of them was put in beside the chain.
        // The real one is the one the chain goes on from (a later entry links to it, or it is the head).
        if (previous && row.prev_hash === twoBack) {
          const goesOn = head.last_hash === row.hash || (await entryLinkingTo(db, row.hash)) !== null;
          return goesOn ? at('inserted', previous) : at('inserted');
        }
        const linked = await entryWithHash(db, row.prev_hash);
        return at(linked === null ? 'missing_before' : 'reordered');
      }
      const anchored = anchors.get(row.id);
      if (anchored !== undefined && anchored !== row.hash) return at('anchor_mismatch');
      entries++;
      twoBack = expected;
      expected = row.hash;
      previous = row;
    }
  }
  const walkedTo = previous?.id ?? before?.id ?? null;
  if (lastId === null) {
    // An anchor names an entry past the chain's end: the newest entries were deleted, the head moved back with them.
    const beyond = [...anchors.keys()].find((id) => id !== null && (walkedTo === null || id > walkedTo));
    if (beyond !== undefined) return { entries, broken: { id: beyond, created_at: null, problem: 'anchor_mismatch' } };
  }
  if (lastId === null && (head.last_hash !== expected || (head.last_id ?? null) !== (previous?.id ?? before?.id ?? null))) {
    // The head names an entry that is gone, or entries follow it that the chain never appended.
    const added = previous && head.last_id !== null && previous.id > head.last_id;
    return {
      entries,
      broken: {
        id: added ? ((await firstAfter(db, head.last_id)) ?? previous?.id ?? null) : head.last_id,
        created_at: null,
        problem: 'head_mismatch',
      },
    };
  }
  return { entries, broken: null };
}

async function firstAfter(db: ReadDb, id: number | null): Promise<number | null> {
  const [row] = await chainRows(db, id, null, 1);
  return row?.id ?? null;
}
