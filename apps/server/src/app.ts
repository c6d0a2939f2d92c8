import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
// The app's wiring is the one place outside db/ and lib/context/ that names the raw handle: the
// server is built on the database main.ts opened, and app.db is what the contexts are opened on
// (lib/context/request-context.ts appHost). scripts/check-queries.mjs allows this file only.
import type { Database, Dialect } from './db/database.ts';
import { TokenService } from './lib/tokens.ts';
import { MailDelivery } from './lib/mail/delivery.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { MemoryRateLimitStore, type RateLimitStore } from './lib/rate-limiter.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { stopRemovalRetries } from './lib/storage/remove-objects.ts';
import type { Storage } from './lib/storage/storage.ts';
import { registerAccess } from './plugins/access.ts';
import { registerCanonicalPath } from './plugins/canonical-path.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerRejectNul } from './plugins/reject-nul.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWebAssets } from './plugins/web-assets.ts';
import { ImageQueue } from './lib/images/image-queue.ts';
import { WorkRuns } from './lib/work-runs/work-runs.ts';
import { OrganizationDependents } from './lib/kit/organization-dependents.ts';
import { RowReferences } from './lib/kit/row-references.ts';
import { RecordReaders } from './lib/kit/record-readers.ts';
import { createEditLeaseStore } from './lib/edit-leases/create-edit-lease-store.ts';
import type { EditLeaseStore } from './lib/edit-leases/edit-lease-store.ts';
import { EditLeases } from './lib/edit-leases/edit-leases.ts';
import { SingleFlight } from './lib/single-flight.ts';
import { DailyJobs } from './lib/jobs/daily-jobs.ts';
import { systemContexts } from './lib/context/request-context.ts';
import { MinuteTasks } from './lib/jobs/minute-tasks.ts';
import { RotatingLog } from './lib/logs/rotating-log.ts';
import { readableStream } from './lib/logs/console-lines.ts';
import type { ServerModule } from './lib/kit/server-module.ts';
import { MODULES, registerModules } from './modules/index.ts';
import { recomputeAfterAudit } from './lib/compliance/recompute-on-audit.ts';
import { registerSite } from './site/site.plugin.ts';
import { siteRewriteUrl } from './site/site-host.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dialect: Dialect;
    tokens: TokenService;
    rateLimits: RateLimitStore;
    storage: Storage;
    /** Every module's organization-scoped data, deleted with its organization. */
    organizationDependents: OrganizationDependents;
    /** Rows of modules pointing at other modules' rows, let go of when those are deleted. */
    rowReferences: RowReferences;
    /** Who may read a record named by its audit target type (every kit resource's roles and scoped find). */
    recordReaders: RecordReaders;
    /** Who is editing which record (issue 36): the database's leases, or Redis's with REDIS_URL (lib/edit-leases/). */
    editLeases: EditLeases;
    /** Issue 38: computes compliance due items again when evidence, a roster, a site or the rules change (lib/compliance/). */
    recomputeOnAudit: typeof recomputeAfterAudit;
    /** Sends the mail outbox (lib/mail/delivery.ts); idle without SMTP_URL. */
    mailer: MailDelivery;
    /** The modules' daily jobs, run once a Taipei day across instances (lib/jobs/daily-jobs.ts). */
    dailyJobs: DailyJobs;
    minuteTasks: MinuteTasks;
    /** Work that runs once at a time in this process, whoever asks (lib/single-flight.ts: the audit chain's verify). */
    singleFlight: SingleFlight;
    /** Long work admins start (imports, exports, photo uploads), recorded so a killed process's is marked interrupted (lib/work-runs/). */
    workRuns: WorkRuns;
  }
}

export interface BuildOptions {
  config: Config;
  db: Database;
  dialect: Dialect;
  logger?: boolean;
  /** Where the log goes (tests read it); stdout by default. */
  logStream?: { write(line: string): void };
  rateLimits?: RateLimitStore;
  /** Where edit leases live; by default Redis with REDIS_URL, else the database. */
  editLeases?: EditLeaseStore;
  storage?: Storage;
  /** The API modules; every module by default (tests add one of their own). */
  modules?: readonly ServerModule[];
}

/** Builds the whole app without listening (tests inject into it; main.ts listens). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  // The log goes to stdout (or the test's stream) and, unless LOG_DIR=off, to rotating files the log viewer reads.
  const logFile =
    opts.logger !== false && config.logFiles.dir
      ? new RotatingLog(config.logFiles.dir, config.logFiles.maxBytes, config.logFiles.keep)
      : null;
  // A terminal gets readable lines, anything else (a service, Docker, a pipe) pino's JSON.
  const out = opts.logStream ?? (process.stdout.isTTY ? readableStream(process.stdout) : process.stdout);
  const logStream = logFile
    ? {
        write(line: string) {
          out.write(line);
          logFile.write(line);
        },
      }
    : (opts.logStream ?? (out === process.stdout ? undefined : out));
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the log.
            // `*.headers`: plugins log request headers under their own keys too (@fastify/multipart's
            // busboyOptions at trace level).
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.headers.authorization',
              '*.headers.cookie',
              'req.body.password',
              'req.body.current_password',
              'req.body.token',
              'req.body.code',
              'req.body.recovery_code',
            ],
            serializers: { req: serializeRequest },
            ...(logStream ? { stream: logStream } : {}),
          },
    // A hop count is valid at run time (proxy-addr) though missing from the option type.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 2 * 1024 * 1024,
    // Paths match case-insensitively (parameters keep their case): /API/… is the same route as /api/…,
    // so it gets the same access decision instead of a different answer.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    // SITE_HOST: that host is served the company website at its root (site/site-host.ts).
    rewriteUrl: siteRewriteUrl(config.site),
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', opts.db);
  app.decorate('dialect', opts.dialect);
  app.decorate('tokens', new TokenService(config.jwtSecret, { short: config.tokenTtlSeconds, long: config.keepLoginTtlSeconds }));
  app.decorate('rateLimits', opts.rateLimits ?? new MemoryRateLimitStore());
  app.addHook('onClose', async () => app.rateLimits.close());
  app.decorate('storage', opts.storage ?? (await createStorage(config)));
  app.addHook('onClose', async () => stopRemovalRetries(app.storage));
  app.decorate('organizationDependents', new OrganizationDependents());
  app.decorate('rowReferences', new RowReferences());
  app.decorate('recordReaders', new RecordReaders());
  app.decorate('editLeases', new EditLeases(opts.editLeases ?? (await createEditLeaseStore(config))));
  app.addHook('onClose', async () => app.editLeases.close());
  app.decorate('recomputeOnAudit', recomputeAfterAudit);
  app.decorate('singleFlight', new SingleFlight());
  app.decorate('imageQueue', new ImageQueue(config.imageQueue));
  app.decorate('mailer', new MailDelivery(systemContexts(app, 'mail-delivery'), config, config.mail, app.log));
  app.addHook('onReady', async () => app.mailer.start());
  app.addHook('onClose', async () => app.mailer.stop());
  app.decorate('dailyJobs', new DailyJobs(systemContexts(app, 'daily-jobs'), app.log, config.jobs.checkMs));
  if (logFile) app.addHook('onClose', async () => logFile.close());
  app.addHook('onReady', async () => app.dailyJobs.start());
  app.addHook('onClose', async () => app.dailyJobs.stop());
  // JOB_CHECK_MS=0 switches background work off (tests tick it themselves).
  app.decorate('minuteTasks', new MinuteTasks(app.log, config.jobs.checkMs > 0, config.jobs.minuteTaskMs));
  app.addHook('onReady', async () => app.minuteTasks.start());
  app.addHook('onClose', async () => app.minuteTasks.stop());
  app.decorate('workRuns', new WorkRuns(app, config.jobs.workRunTestPauseMs));
  // Before the first request: work a killed process left running is marked interrupted (a database that fails here stops start-up, as migrations do).
  app.addHook('onReady', async () => app.workRuns.start());
  app.addHook('onClose', async () => app.workRuns.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app);
  registerCompression(app);

  await registerOpenApi(app);

  const web = existsSync(join(config.webDist, 'index.html')) ? await registerWebAssets(app, config.webDist) : null;
  registerErrorHandler(app, { spaFallback: web });
  registerCanonicalPath(app);
  registerRejectNul(app);
  registerAccess(app);

  await registerModules(app, opts.modules ?? MODULES);
  await registerSite(app);
  return app;
}
