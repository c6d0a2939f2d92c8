/**
 * The company's mail outbox (issue 40): two years of mails of the app's templates in mixed states
 * (mostly sent, some failed after their attempts, a few pending or being sent). Bodies are sealed as
 * the outbox seals them (lib/mail/outbox.ts `mailBox`, the server secret's 'mail' box), so the mail
 * screen opens them when the server runs with the same JWT_SECRET; a pool of sealed bodies per
 * template is shared between rows (a box has no associated data, so any row opens any of them).
 */
import { mailBox } from '../../apps/server/src/lib/mail/outbox.ts';
import type { Bulk, Log } from './seed-bulk.ts';
import { timed } from './seed-bulk.ts';
import { personName, pick, spread } from './seed-names.ts';
import type { Plan } from './seed-plan.ts';
import { ADMINS } from './seed-people.ts';

const TEMPLATES = [
  { name: 'certificate_expiry', subject: '證照即將到期通知', weight: 30, to: 'admin' },
  { name: 'compliance_due', subject: '工地合規待辦提醒', weight: 25, to: 'admin' },
  { name: 'compliance_due_contractor', subject: '協力廠商人員合規待辦提醒', weight: 15, to: 'contractor' },
  { name: 'member_confirmation', subject: '請確認您的電子郵件', weight: 12, to: 'member' },
  { name: 'password_reset', subject: '重設密碼', weight: 6, to: 'member' },
  { name: 'sign_in_code', subject: '登入驗證碼', weight: 6, to: 'admin' },
  { name: 'contact_received', subject: '我們已收到您的來信', weight: 4, to: 'member' },
  { name: 'audit_anchor', subject: '稽核紀錄錨點', weight: 2, to: 'admin' },
] as const;
const WHEEL = TEMPLATES.flatMap((t) => Array.from({ length: t.weight }, () => t));
const POOL = 32;
const DAYS = 730;

export async function seedMail(bulk: Bulk, plan: Plan, jwtSecret: string, log: Log): Promise<number> {
  const box = mailBox({ jwtSecret });
  const bodies = new Map(
    TEMPLATES.map((t) => [
      t.name,
      Array.from({ length: POOL }, (_, k) => {
        const who = personName(900_000 + k);
        const text = `${who} 您好：\n${t.subject}，請登入營造後台查看詳細內容。\n大安營造股份有限公司`;
        return box.seal(JSON.stringify({ html: `<p>${text.replace(/\n/g, '<br>')}</p>`, text }));
      }),
    ]),
  );
  const total = plan.n.mailOutbox;
  const start = Date.parse(plan.stamp) - DAYS * 86_400_000;
  const step = (DAYS * 86_400_000) / total;
  return timed(log, 'mail_outbox (sealed bodies)', () =>
    bulk.insert(
      'mail_outbox',
      [
        'id',
        'to_address',
        'admin_id',
        'template',
        'locale',
        'subject',
        'body',
        'status',
        'attempts',
        'last_error',
        'next_attempt_at',
        'locked_until',
        'created_at',
        'sent_at',
      ],
      (function* () {
        for (let i = 0; i < total; i++) {
          const id = i + 1;
          const t = WHEEL[spread(i, WHEEL.length, 43)]!;
          const at = start + Math.floor(i * step);
          const created = new Date(at).toISOString();
          const r = spread(i, 100, 47);
          // The newest mails are the pending ones; failures anywhere.
          const status = i > total * 0.97 && r < 50 ? 'pending' : r < 6 ? 'failed' : i === total - 1 ? 'sending' : 'sent';
          const adminId = t.to === 'admin' ? 2 + (i % (ADMINS - 1)) : null;
          const to =
            t.to === 'admin'
              ? `office${adminId}@company.bench.test`
              : t.to === 'contractor'
                ? `contractor${1 + (i % 500)}@company.bench.test`
                : `member${1 + (i % Math.max(1, plan.n.members))}@example.com.tw`;
          yield [
            id,
            to,
            adminId,
            t.name,
            i % 9 === 0 ? 'en-US' : 'zh-TW',
            t.subject,
            pick(bodies.get(t.name)!, i),
            status,
            status === 'failed' ? 8 : status === 'sent' ? 1 + (i % 50 === 0 ? 1 : 0) : 0,
            status === 'failed'
              ? pick(['550 5.1.1 mailbox unavailable', 'connect ETIMEDOUT 203.0.113.9:587', '452 4.2.2 mailbox full'], i)
              : null,
            created,
            status === 'sending' ? new Date(at + 60_000).toISOString() : null,
            created,
            status === 'sent' ? new Date(at + 2_000 + (i % 30) * 1000).toISOString() : null,
          ];
        }
      })(),
      { rebuildIndexes: true },
    ),
  );
}
