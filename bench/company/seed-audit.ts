/**
 * The company's audit trail (issue 40): two years of entries, oldest first, CHAINED as the app chains
 * them (lib/context/audit-chain-append.ts): each row's prev_hash is the hash before it and its hash is
 * chainHash over CHAINED_COLUMNS (db/audit-chain-hash.ts), continuing from the chain head the database
 * holds; the head ends at the last entry, so the app's verification (`npm run cli -- verify-audit`, the
 * audit log screen's check) walks it intact. The largest organization writes its share of the entries.
 */
import { CHAINED_COLUMNS, chainHash, type ChainedContent } from '../../apps/server/src/db/audit-chain-hash.ts';
import type { Bulk, Cell, Log } from './seed-bulk.ts';
import { timed } from './seed-bulk.ts';
import { personName, pick, spread } from './seed-names.ts';
import type { Plan } from './seed-plan.ts';
import { ADMINS } from './seed-people.ts';

/** What an entry records, as a module's writes word it (AUDIT_ACTIONS pairs of @bo/shared). */
const KINDS: { target: string; action: string; weight: number; label?: (id: number) => string | null }[] = [
  { target: 'login_device', action: 'login', weight: 14 },
  { target: 'login_device', action: 'logout', weight: 6 },
  { target: 'staff', action: 'update', weight: 12, label: (id) => personName(id) },
  { target: 'staff', action: 'create', weight: 4, label: (id) => personName(id) },
  { target: 'staff', action: 'upload_certificate_file', weight: 5, label: (id) => personName(id) },
  { target: 'staff_training', action: 'create', weight: 5 },
  { target: 'staff_insurance', action: 'create', weight: 4 },
  { target: 'site_entry', action: 'scan', weight: 22 },
  { target: 'site_roster', action: 'create', weight: 4 },
  { target: 'site_pass', action: 'issue', weight: 4 },
  { target: 'photo', action: 'upload', weight: 6 },
  { target: 'page', action: 'update', weight: 2 },
  { target: 'product', action: 'update', weight: 2 },
  { target: 'member', action: 'update', weight: 2 },
  { target: 'site', action: 'update', weight: 2 },
  { target: 'contractor', action: 'update', weight: 1 },
  { target: 'organization', action: 'update', weight: 1 },
];
const WHEEL = KINDS.flatMap((k) => Array.from({ length: k.weight }, () => k));
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
];
const DAYS = 730;

export async function seedAudit(bulk: Bulk, plan: Plan, log: Log): Promise<{ entries: number; lastId: number }> {
  const total = plan.n.auditEntries;
  const [head] = await bulk.all<{ last_id: number | null; last_hash: string; entries: number }>(
    'select last_id, last_hash, entries from audit_chain_head where id = 1',
  );
  if (!head) throw new Error('audit_chain_head is missing: run the migrations first');
  const [{ max }] = await bulk.all<{ max: number | null }>('select max(id) as max from audit_logs');
  const firstId = Number(max ?? 0) + 1;
  const start = Date.parse(plan.stamp) - DAYS * 86_400_000;
  const step = (DAYS * 86_400_000) / total;
  const orgs = plan.n.organizations;
  let prev = head.last_hash;
  let lastId = head.last_id ?? 0;
  const entries = await timed(log, 'audit_logs (chained)', () =>
    bulk.insert(
      'audit_logs',
      ['id', ...CHAINED_COLUMNS, 'prev_hash', 'hash'],
      (function* (): Generator<Cell[]> {
        for (let i = 0; i < total; i++) {
          const id = firstId + i;
          const kind = WHEEL[spread(i, WHEEL.length, 19)]!;
          // The largest organization writes its share; one in twenty entries is the super admin's, of no organization.
          const r = spread(i, 1000, 23) / 1000;
          const organization = r < 0.05 ? null : r < 0.05 + plan.share * 0.95 ? 1 : 2 + (i % Math.max(1, orgs - 1));
          const org = organization !== null && organization > orgs ? 1 : organization;
          const system = kind.target === 'site_entry' ? false : i % 37 === 0;
          const actor = org === null ? 1 : org === 1 ? (i % 3 === 0 ? 2 : 3 + (i % (ADMINS - 2))) : 3 + ((org - 2) % (ADMINS - 2));
          const targetId = String(1 + spread(i, 30_000, 31));
          const content: ChainedContent = {
            created_at: new Date(start + Math.floor(i * step)).toISOString(),
            actor_kind: system ? 'system' : 'admin',
            actor_id: system ? null : actor,
            impersonator_id: null,
            organization_id: org,
            action: kind.action,
            target_type: kind.target,
            target_id: targetId,
            target_label: kind.label ? kind.label(Number(targetId)) : null,
            before: kind.action === 'update' ? JSON.stringify({ status: 'active', updated_at: '2024-01-01T00:00:00.000Z' }) : null,
            after: JSON.stringify(
              kind.action === 'scan'
                ? { site_id: 1 + (i % 100), verdict: i % 9 === 0 ? 'refuse' : 'admit' }
                : kind.action === 'login'
                  ? { keep_login: i % 2 === 0 }
                  : { status: pick(['active', 'inactive'], i), updated_at: '2024-01-02T00:00:00.000Z' },
            ),
            ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            user_agent: pick(AGENTS, i),
          };
          const hash = chainHash(prev, content);
          yield [id, ...CHAINED_COLUMNS.map((c) => content[c]), prev, hash];
          prev = hash;
          lastId = id;
        }
      })(),
      { rebuildIndexes: true },
    ),
  );
  await bulk.exec(
    `update audit_chain_head set last_id = ${lastId}, last_hash = '${prev}', entries = ${Number(head.entries) + entries} where id = 1`,
  );
  return { entries, lastId };
}
