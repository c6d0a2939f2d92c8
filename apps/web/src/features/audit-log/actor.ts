import type { AuditLogEntry } from './api.ts';

type Translate = (key: string, options?: Record<string, string>) => string;

/** A scheduled job's name in words (`jobs.<name>`); a job with no label shows its name. */
const jobLabel = (job: string, t: Translate): string => t(`jobs.${job}`, { defaultValue: job });

/** "name <email>", or the e-mail alone. */
export const personLabel = (p: AuditLogEntry['actor']): string => (p ? (p.name ? `${p.name} <${p.email}>` : p.email) : '');

/**
 * Who wrote the entry (`actor_kind`, docs/audit-log.md): the admin by name, else the kind of principal,
 * a scheduled job with its name (recorded in user_agent). `t` is the audit-log namespace's.
 */
export function actorOf(e: Pick<AuditLogEntry, 'actor_kind' | 'actor' | 'user_agent'>, t: Translate): string {
  if (e.actor_kind === 'admin') return personLabel(e.actor) || t('actorKinds.admin');
  if (e.actor_kind === 'system') return t('actorKinds.system', { job: e.user_agent ? jobLabel(e.user_agent, t) : '—' });
  return t(`actorKinds.${e.actor_kind}`);
}
