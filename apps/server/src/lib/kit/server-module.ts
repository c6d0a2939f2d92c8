import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { OrganizationDependent } from './organization-dependents.ts';
import { photoColumnReference, type PhotoReference } from './photo-references.ts';
import type { RowReference } from './row-references.ts';
import type { DailyJob } from '../jobs/daily-jobs.ts';
import type { MinuteTask } from '../jobs/minute-tasks.ts';
import { requireFlag, type FeatureFlag } from '../feature-flags.ts';
import { clientAddressOf, visitor } from '../context/principals.ts';
import { appHost, openReadContext, type AfterAuditHook } from '../context/request-context.ts';

/**
 * One API module, declared once: its routes, the organization-scoped data it keeps, and its
 * sub-modules (staff-excel is a part of staff). modules/index.ts lists the modules; nothing else
 * registers routes or dependents.
 */
export interface ServerModule {
  name: string;
  /**
   * The feature switch of the whole module (the web's feature descriptors name the same flag). While
   * it is off every route the module and its sub-modules register answers 404, after the token check
   * (no token stays 401) and before the role check: a switched-off feature does not exist.
   */
  flag?: FeatureFlag;
  /** Runs first, inside the module's encapsulated context (e.g. a multipart parser for its uploads). */
  setup?(app: FastifyInstance): Promise<void>;
  routes: readonly FastifyPluginAsync[];
  /**
   * Website content (docs/content.md): its admin routes act for the site, in no organization whatever
   * the header selects, so their audit entries file under no organization (issue 42).
   */
  site?: boolean;
  /** Organization-scoped tables (scoped-table.ts `dependent`), deleted with their organization. */
  dependents?: readonly (OrganizationDependent | null)[];
  /** Its rows pointing at rows of other modules, let go of when those are deleted (row-references.ts). */
  references?: readonly RowReference[];
  /** Its columns holding library photos, let go of when the photo is deleted (photo-references.ts). */
  photoReferences?: readonly PhotoReference[];
  modules?: readonly ServerModule[];
  /**
   * Issue 36: why the module's writes check no record version (sign-in, sessions, one's own account):
   * the writes of its routes that declare no `config.version` of their own are declared unversioned
   * with this reason (test/route-versions.test.ts lists them).
   */
  unversionedWrites?: string;
  /** Its daily jobs (lib/jobs/daily-jobs.ts), built with the app. */
  jobs?: readonly ((app: FastifyInstance) => DailyJob)[];
  /** Its tasks run on every minute (lib/jobs/minute-tasks.ts), built with the app. */
  minuteTasks?: readonly ((app: FastifyInstance) => MinuteTask)[];
  /** Sees every transaction's audit rows before it commits and may refuse it (ContextHost.afterAudit): the review of issue 41. */
  afterAudit?: AfterAuditHook;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The module that registered the route (set by registerModule; sub-modules name themselves). */
    module?: string;
    /** The route acts for the site, never in an organization (a `site` module's routes). */
    actsForSite?: boolean;
  }
}

export const defineModule = (m: ServerModule): ServerModule => m;

/** Registers a module and its sub-modules, each in its own encapsulated context. */
export async function registerModule(app: FastifyInstance, m: ServerModule): Promise<void> {
  for (const d of m.dependents ?? []) if (d) app.organizationDependents.add(d);
  for (const r of m.references ?? []) app.rowReferences.add(r);
  for (const p of m.photoReferences ?? []) app.rowReferences.add(photoColumnReference(p));
  for (const job of m.jobs ?? []) app.dailyJobs.add(job(app));
  for (const task of m.minuteTasks ?? []) app.minuteTasks.add(task(app));
  if (m.afterAudit) app.afterAuditHooks.push(m.afterAudit);
  await app.register(async (scoped) => {
    scoped.addHook('onRoute', (route) => {
      const writes = [route.method].flat().some((x) => x !== 'GET' && x !== 'HEAD');
      const unversioned =
        writes && m.unversionedWrites && route.config?.version === undefined ? { version: { unversioned: m.unversionedWrites } } : {};
      route.config = { ...route.config, module: m.name, ...(m.site ? { actsForSite: true } : {}), ...unversioned };
    });
    const flag = m.flag;
    // Checked before access has loaded who calls: read as a visitor.
    if (flag)
      scoped.addHook('onRequest', (req) =>
        req.is404 ? Promise.resolve() : requireFlag(openReadContext(appHost(req.server), visitor(clientAddressOf(req)), null).db, flag),
      );
    await m.setup?.(scoped);
    for (const routes of m.routes) await scoped.register(routes);
    for (const sub of m.modules ?? []) await registerModule(scoped, sub);
  });
}
