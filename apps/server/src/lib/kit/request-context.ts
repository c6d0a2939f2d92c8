import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, DbOrTrx, Trx } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../actor.ts';
import { writeAudit, type AuditWho } from '../audit.ts';
import { inOrganization, scopeOf, type OrganizationScope, type Scope } from '../scope.ts';
import { enqueueMail, type MailRequest } from '../mail/outbox.ts';
import { removeObjects } from '../storage/remove-objects.ts';
import type { TypedAuditEntry } from './audit-targets.ts';

/**
 * What a service works with: one connection (the request's transaction when it writes), who acts,
 * which organizations it covers, and the request-bound audit writer. Services are functions of it
 * (`staffService(ctx)`), never of loose `organizationId`/`actor` arguments.
 */
export interface RequestContext {
  db: DbOrTrx;
  /** The same connection as `db`, typed as the transaction a mutation runs in. */
  trx: Trx;
  actor: Actor;
  organizationId: number | null;
  scope: Scope;
  audit(entry: TypedAuditEntry): Promise<void>;
  /** Stored objects to delete once the transaction has committed: a failure then only leaves garbage. */
  dropAfterCommit(keys: Iterable<string | null | undefined>): void;
  /** Rows of `table` about to be deleted: the modules pointing at them let go first (row-references.ts). */
  release(table: keyof DB & string, ids: readonly number[]): Promise<void>;
  /** Queues a mail in the transaction (lib/mail/outbox.ts); delivery starts once it has committed. */
  sendMail(mail: MailRequest): Promise<number>;
  /** Absolute links for mails (PUBLIC_URL) and the secret mails and links are sealed with. */
  config: FastifyInstance['config'];
}

export interface OrganizationContext extends RequestContext {
  organizationId: number;
  scope: OrganizationScope;
}

/** Runs `fn` in one transaction with a context for `req`; stored objects it let go are deleted after commit. */
export async function runInTransaction<C extends RequestContext, T>(
  app: FastifyInstance,
  who: AuditWho,
  base: { actor: Actor; organizationId: number | null },
  fn: (ctx: C) => Promise<T>,
): Promise<T> {
  const dropped: string[] = [];
  let mailQueued = false;
  const result = await app.db.transaction().execute((trx) => {
    const ctx: RequestContext = {
      ...base,
      scope: base.organizationId === null ? scopeOf(null) : inOrganization(base.organizationId),
      db: trx,
      trx,
      audit: (entry: TypedAuditEntry) =>
        writeAudit(trx, entry.organization_id === undefined ? who : { ...who, organization_id: entry.organization_id }, entry),
      dropAfterCommit: (keys: Iterable<string | null | undefined>) => {
        for (const k of keys) if (k) dropped.push(k);
      },
      release: (table, ids) => app.rowReferences.release(ctx, table, ids),
      sendMail: async (mail) => {
        const id = await enqueueMail(trx, app.config, mail);
        mailQueued = true;
        return id;
      },
      config: app.config,
    };
    return fn(ctx as C);
  });
  if (mailQueued) app.mailer.kick();
  if (dropped.length) await removeObjects(app.storage, dropped, app.log);
  return result;
}

/** A context for reads outside a transaction (lists, single reads): it cannot audit, drop objects or release rows. */
export function readContext(db: Database, req: FastifyRequest, organizationId: number | null): RequestContext {
  const refuse = () => {
    throw new Error('read context: writes go through req.inTransaction');
  };
  return {
    db,
    trx: db as unknown as Trx,
    actor: req.actor,
    organizationId,
    scope: organizationId === null ? scopeOf(null) : inOrganization(organizationId),
    audit: async () => refuse(),
    dropAfterCommit: refuse,
    release: async () => refuse(),
    sendMail: async () => refuse(),
    config: req.server.config,
  };
}

/**
 * The connection for a public read (a website route: no signed-in caller, no transaction), handed to
 * repository reads. Signed-in reads use `req.readContext()`, writes `req.inTransaction`.
 */
export const publicReads = (req: FastifyRequest): Database => req.server.db;
