import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Trx, ReadDb } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { SignedInAdmin } from './actor.ts';
import { scrub, type AuditWho } from './audit.ts';
import { resolveTargetLabel } from './audit-labels.ts';
import { inOrganization, scopeOf, type OrganizationScope, type Scope } from './scope.ts';
import { enqueueMail, type MailRequest } from '../mail/outbox.ts';
import { removeObjects } from '../storage/remove-objects.ts';
import { keepFiles, type KeptFile } from '../storage/kept-files.repository.ts';
import { appendToAuditChain, type UnchainedAuditRow } from './audit-chain-append.ts';
import type { TypedAuditEntry } from './audit-targets.ts';
import { bumpVersionsOf, markedOverwrite } from './record-versions.ts';
import { auditWhoOf, systemJob, type ActingPrincipal, type SystemPrincipal } from './principals.ts';

/**
 * What a read works with: one connection, who acts and which organizations it covers. It has no
 * write methods (no audit, no transaction): a read path that tries to write does not compile.
 */
export interface ReadContext<P extends ActingPrincipal = ActingPrincipal> {
  db: ReadDb;
  principal: P;
  organizationId: number | null;
  scope: Scope;
  /** Absolute links for mails (PUBLIC_URL) and the secret mails and links are sealed with. */
  config: Config;
}

/**
 * A read context in a transaction, with the writes a feature makes: every write of every principal
 * (admin, member, visitor, system, operator) goes through one, opened by `runInTransaction`.
 */
export interface WriteContext<P extends ActingPrincipal = ActingPrincipal> extends ReadContext<P> {
  /** The transaction the writes run in. */
  trx: Trx;
  /** The same transaction: a write context's reads and writes share one connection. */
  db: Trx;
  /** Records an entry, typed by target and action, as this context's principal, in its transaction. */
  audit(entry: TypedAuditEntry): Promise<void>;
  /** Stored objects to delete once the transaction has committed: a failure then only leaves garbage. */
  dropAfterCommit(keys: Iterable<string | null | undefined>): void;
  /**
   * Stored files a change removed from their row, kept in storage for the history's retention
   * (HISTORY_RETENTION_DAYS) so a restore of the row brings them back; the daily sweep deletes them after.
   */
  keepRemovedFiles(files: Iterable<KeptFile | null | undefined>): Promise<void>;
  /** Rows of `table` about to be deleted: the modules pointing at them let go first (row-references.ts). */
  release(table: keyof DB & string, ids: readonly number[]): Promise<void>;
  /** Queues a mail in the transaction (lib/mail/outbox.ts); delivery starts once it has committed. */
  sendMail(mail: MailRequest): Promise<number>;
  /**
   * The same transaction acting as another principal: a sign-in, where a visitor becomes the admin
   * or member it proved to be, records the session it opens as that principal.
   */
  actingAs<Q extends ActingPrincipal>(principal: Q, organizationId?: number | null): WriteContext<Q>;
}

/**
 * A signed-in admin's write context (`req.write('admin', fn)`): services are functions of it
 * (`staffService(ctx)`); its principal is the request's admin, with its roles, organization and device.
 */
export type RequestContext = WriteContext<SignedInAdmin>;

/** A signed-in admin's read context (`req.read('admin')`): reads are functions of it (`staffReads(ctx)`). */
export type AdminReadContext = ReadContext<SignedInAdmin>;
export interface OrganizationReadContext extends AdminReadContext {
  organizationId: number;
  scope: OrganizationScope;
}

export interface OrganizationContext extends RequestContext {
  organizationId: number;
  scope: OrganizationScope;
}

/** What opening a context needs of its host: the server (`appHost`) or the command line (cli/cli-context.ts). */
export interface ContextHost {
  db: Database;
  config: Config;
  /** Wakes mail delivery once a transaction that queued mail has committed. */
  kickMailer(): void;
  /** Deletes stored objects a committed transaction let go of. */
  removeObjects(keys: string[]): Promise<void>;
  release(ctx: WriteContext, table: keyof DB & string, ids: readonly number[]): Promise<void>;
  /**
   * Sees a transaction's audit rows before it commits: a saved record's edit lease ends (lib/edit-leases/);
   * the compliance due items of the workers, sites or organizations changed are computed again (lib/compliance/).
   */
  afterAudit?(ctx: WriteContext, rows: readonly UnchainedAuditRow[]): Promise<void>;
}

export const appHost = (app: FastifyInstance): ContextHost => ({
  db: app.db,
  config: app.config,
  kickMailer: () => app.mailer.kick(),
  removeObjects: (keys) => removeObjects(app.storage, keys, app.log),
  release: (ctx, table, ids) => app.rowReferences.release(ctx, table, ids),
  afterAudit: async (ctx, rows) => {
    await app.editLeases.endOnSave(ctx, rows);
    await app.recomputeOnAudit(ctx, rows);
  },
});

/**
 * Append-only: nothing in the code base updates or deletes an audit row. The target's label is
 * looked up on the same connection (the context's transaction) when the entry is recorded; the rows
 * are chained and inserted when the transaction is about to commit (lib/context/audit-chain-append.ts).
 * Private: entries are written through a context's `audit`, never by hand.
 */
async function auditRow(db: Trx, who: AuditWho, entry: TypedAuditEntry, overwrite: boolean): Promise<UnchainedAuditRow> {
  const after = overwrite ? markedOverwrite(entry.after) : entry.after;
  return {
    ...who,
    organization_id: entry.organization_id === undefined ? who.organization_id : entry.organization_id,
    action: entry.action,
    target_type: entry.target_type,
    target_id: entry.target_id == null ? null : String(entry.target_id),
    target_label: await resolveTargetLabel(db, entry),
    before: entry.before === undefined ? null : JSON.stringify(scrub(entry.before)),
    after: after === undefined ? null : JSON.stringify(scrub(after)),
    created_at: new Date().toISOString(),
  };
}

const scopeFor = (organizationId: number | null): Scope => (organizationId === null ? scopeOf(null) : inOrganization(organizationId));

/**
 * What the write door checks before a transaction's work (issue 36, plugins/access.ts): the versions
 * the write was sent with. `overwrite`: it said `If-Match: *`, and each of its audit entries says so.
 */
export type TransactionPrecondition = (ctx: WriteContext) => Promise<{ overwrite: boolean }>;

/**
 * Runs `fn` in one transaction with a write context for `principal` acting in `organizationId`. Mail
 * it queued is delivered and stored objects it let go of are deleted once the transaction has committed.
 * Every audit entry raises the version of the record it names (lib/context/record-versions.ts).
 */
export async function runInTransaction<P extends ActingPrincipal, T>(
  host: ContextHost,
  principal: P,
  organizationId: number | null,
  fn: (ctx: WriteContext<P>) => Promise<T>,
  precondition?: TransactionPrecondition,
): Promise<T> {
  let overwrite = false;
  const dropped: string[] = [];
  const audited: UnchainedAuditRow[] = [];
  let mailQueued = false;
  const result = await host.db.transaction().execute(async (trx) => {
    const open = <Q extends ActingPrincipal>(who: Q, orgId: number | null): WriteContext<Q> => {
      const ctx: WriteContext<Q> = {
        db: trx,
        trx,
        principal: who,
        organizationId: orgId,
        scope: scopeFor(orgId),
        config: host.config,
        audit: async (entry) => {
          const row = await auditRow(trx, auditWhoOf(who, orgId), entry, overwrite);
          audited.push(row);
          await bumpVersionsOf(trx, row, entry, row.created_at);
        },
        dropAfterCommit: (keys) => {
          for (const k of keys) if (k) dropped.push(k);
        },
        keepRemovedFiles: (files) =>
          keepFiles(
            trx,
            [...files].filter((f): f is KeptFile => !!f?.key),
            host.config.history.retentionDays,
          ),
        release: (table, ids) => host.release(ctx, table, ids),
        sendMail: async (mail) => {
          const id = await enqueueMail(trx, host.config, mail);
          mailQueued = true;
          return id;
        },
        actingAs: (other, otherOrg = orgId) => open(other, otherOrg),
      };
      return ctx;
    };
    const ctx = open(principal, organizationId);
    if (precondition) overwrite = (await precondition(ctx as unknown as WriteContext)).overwrite;
    const done = await fn(ctx);
    if (audited.length) await host.afterAudit?.(ctx, audited);
    await appendToAuditChain(trx, audited);
    return done;
  });
  if (mailQueued) host.kickMailer();
  if (dropped.length) await host.removeObjects(dropped);
  return result;
}

/**
 * The host of code that runs without the server (start-up, the command line): mail it queues waits
 * in the outbox for a running server; it deletes no stored objects (`who` says so when asked to) and
 * no module holds rows there (no server modules are loaded).
 */
export const hostWithoutServer = (db: Database, config: Config, who: string): ContextHost => ({
  db,
  config,
  kickMailer: () => {},
  removeObjects: async (keys) => {
    if (keys.length) throw new Error(`${who} deletes no stored objects`);
  },
  release: async () => {},
});

/** A read context for `principal`, outside a transaction. */
export const openReadContext = <P extends ActingPrincipal>(
  host: Pick<ContextHost, 'db' | 'config'>,
  principal: P,
  organizationId: number | null,
): ReadContext<P> => ({ db: host.db, principal, organizationId, scope: scopeFor(organizationId), config: host.config });

/**
 * One principal's way to its contexts, for code that runs outside a request: a scheduled job
 * (`systemContexts`), the command line (cli/cli-context.ts). Reads take `read()`, writes `inTransaction`.
 */
export interface PrincipalContexts<P extends ActingPrincipal> {
  principal: P;
  read(organizationId?: number | null): ReadContext<P>;
  inTransaction<T>(fn: (ctx: WriteContext<P>) => Promise<T>, organizationId?: number | null): Promise<T>;
}

export const contextsOf = <P extends ActingPrincipal>(host: ContextHost, principal: P): PrincipalContexts<P> => ({
  principal,
  read: (organizationId = null) => openReadContext(host, principal, organizationId),
  inTransaction: (fn, organizationId = null) => runInTransaction(host, principal, organizationId, fn),
});

/** The system's contexts, named by `job`, for work done before the server exists (start-up). */
export const systemContextsWithoutServer = (db: Database, config: Config, job: string): PrincipalContexts<SystemPrincipal> =>
  contextsOf(hostWithoutServer(db, config, job), systemJob(job));

/** The contexts of a scheduled job (minute task, daily job): the system, named by the job. */
export const systemContexts = (app: FastifyInstance, job: string): PrincipalContexts<SystemPrincipal> =>
  contextsOf(appHost(app), systemJob(job));
