#!/usr/bin/env node
/**
 * Checks a CSV export of the audit log on its own (docs/audit-log.md "Checking an export"): no database,
 * no dependencies, Node.js 18 or later. For an auditor:
 *
 *   node verify-audit-export.mjs audit-log.csv [--partial] [--anchor HASH]
 *
 * 1. Every row's `hash` must be sha256(prev_hash + "\n" + JSON of its 13 recorded columns as text): a row
 *    edited in the file (or in the database before the export) no longer matches.
 * 2. In id order, every row's `prev_hash` must be the `hash` of the row before it: a row removed, added or
 *    moved breaks a link. An export of some entries only (filtered, or a day range) has gaps by design:
 *    pass --partial to count them instead of failing; its first row may then link to an entry before it.
 * 3. --anchor HASH (a day's anchor, mailed by the server): some row's hash must be it.
 * 4. The export's last records, `#chain_head` and `#last_anchor` (the chain's head and latest anchor as the
 *    export began): the head's entry must be in a whole-chain export with that hash (newest entries cut
 *    off otherwise), and so must the anchored entry; in a --partial export, whichever of them is exported.
 * Exit 0 when it holds, 1 at the first row that does not (its id and why), 2 on bad input.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const COLUMNS = [
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
];
const GENESIS = '0'.repeat(64);

/** RFC 4180 records (quoted fields, "" inside quotes, CRLF or LF), after a UTF-8 byte-order mark. */
function parseCsv(text) {
  const records = [];
  let row = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      records.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) records.push([...row, cell]);
  return records;
}

const hashOf = (prev, cells) =>
  createHash('sha256')
    .update(`${prev}\n${JSON.stringify(cells)}`)
    .digest('hex');

/**
 * The export prefixes a cell that begins with = + - @, a tab or a carriage return with ' so spreadsheets
 * show it as text; a cell that begins with ' and one of those may be either, so both are tried.
 */
function rowHolds(prev, cells, hash) {
  const ambiguous = cells.map((c, i) => (/^'[=+\-@\t\r]/.test(c) ? i : -1)).filter((i) => i >= 0);
  for (let mask = 0; mask < 1 << ambiguous.length; mask++) {
    const tried = cells.slice();
    ambiguous.forEach((at, bit) => {
      if (mask & (1 << bit)) tried[at] = tried[at].slice(1);
    });
    if (hashOf(prev, tried) === hash) return true;
  }
  return false;
}

function main(argv) {
  const file = argv.find((a) => !a.startsWith('--'));
  const partial = argv.includes('--partial');
  const anchorAt = argv.indexOf('--anchor');
  const anchor = anchorAt >= 0 ? argv[anchorAt + 1] : null;
  if (!file || (anchorAt >= 0 && !/^[0-9a-f]{64}$/.test(anchor ?? ''))) {
    console.error('usage: node verify-audit-export.mjs FILE.csv [--partial] [--anchor HASH]');
    return 2;
  }
  const [header, ...all] = parseCsv(readFileSync(file, 'utf8')).filter((r) => r.length > 1 || r[0] !== '');
  const records = all.filter((r) => !r[0].startsWith('#'));
  const sealOf = (name) => {
    const r = all.find((x) => x[0] === name);
    return r && r[1] !== '' ? { id: Number(r[1]), hash: r[2] } : null;
  };
  const seal = { head: sealOf('#chain_head'), anchor: sealOf('#last_anchor') };
  const at = Object.fromEntries((header ?? []).map((name, i) => [name, i]));
  const missing = ['id', 'prev_hash', 'hash', ...COLUMNS].filter((c) => at[c] === undefined);
  if (missing.length) {
    console.error(`not an audit log export with hashes: no column ${missing.join(', ')}`);
    return 2;
  }
  const rows = records
    .map((r) => ({ id: Number(r[at.id]), prev: r[at.prev_hash], hash: r[at.hash], cells: COLUMNS.map((c) => r[at[c]] ?? '') }))
    .sort((a, b) => a.id - b.id);
  let gaps = 0;
  let anchored = anchor === null;
  for (const [n, row] of rows.entries()) {
    const fail = (why) => {
      console.log(`BROKEN at entry ${row.id} (${row.cells[0]}): ${why}; ${n} rows before it hold`);
      return 1;
    };
    if (!/^[0-9a-f]{64}$/.test(row.hash) || !/^[0-9a-f]{64}$/.test(row.prev)) return fail('no chain hashes');
    if (!rowHolds(row.prev, row.cells, row.hash)) return fail('its content does not match its hash (edited)');
    const expected = n === 0 ? (partial ? row.prev : GENESIS) : rows[n - 1].hash;
    if (row.prev !== expected) {
      if (!partial) return fail('it does not link to the row before it (a row removed, added or moved)');
      gaps++;
    }
    if (row.hash === anchor) anchored = true;
  }
  if (!anchored) {
    console.log(`BROKEN: no row has the anchor ${anchor}`);
    return 1;
  }
  for (const [what, kept] of [
    ['head', seal.head],
    ['latest anchor', seal.anchor],
  ]) {
    if (!kept) continue;
    const row = rows.find((r) => r.id === kept.id);
    if (row && row.hash !== kept.hash) {
      console.log(`BROKEN at entry ${kept.id}: its hash differs from the chain's ${what} exported with it`);
      return 1;
    }
    if (!row && !partial) {
      console.log(`BROKEN: the chain's ${what}, entry ${kept.id}, is not in the export: the newest entries were cut off`);
      return 1;
    }
  }
  const last = rows.at(-1);
  console.log(
    `audit export holds: ${rows.length} rows` +
      (partial ? `, ${gaps} gap(s) between the rows exported` : ', one unbroken chain from the first entry') +
      (last ? `; last entry ${last.id}, hash ${last.hash}` : '') +
      (seal.head
        ? `; the chain's head (entry ${seal.head.id}) ${partial ? 'checked where exported' : 'is in it'}`
        : '; no chain head recorded'),
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
