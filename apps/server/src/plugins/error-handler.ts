import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, VALIDATION_KEYS } from '@bo/shared/messages';
import { AppError, insufficientStorage, serviceUnavailable } from '../lib/errors.ts';
import { unavailableDependency } from '../lib/dependency-unavailable.ts';
import { isOutOfSpace } from '../lib/out-of-space.ts';
import type { WebApp } from './web-assets.ts';

type Issue = {
  keyword?: string;
  code?: string;
  message?: string;
  path?: (string | number)[];
  instancePath?: string;
  params?: any;
  minimum?: number | bigint;
  origin?: string;
  format?: string;
};

/** Maps a zod issue to the spec's translation key (section 5). */
function keyFor(issue: Issue): string {
  if (issue.message?.startsWith('validate.')) return issue.message;
  const p = { ...issue.params, code: issue.keyword, message: issue.message };
  if (p.code === 'invalid_format' && p.format === 'email') return VALIDATION_KEYS.email;
  if (p.code === 'too_small' && p.origin === 'string') return Number(p.minimum) <= 1 ? VALIDATION_KEYS.required : VALIDATION_KEYS.tooShort;
  if (p.code === 'invalid_type' && /undefined|received undefined/.test(p.message ?? '')) return VALIDATION_KEYS.required;
  return VALIDATION_KEYS.invalid;
}

/**
 * What the database refuses that a check before the write could not rule out: a concurrent write
 * that took the same unique value (409), or a value PostgreSQL cannot store (class 22: 400).
 */
function databaseRefusal(err: { code?: unknown }): AppError | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return new AppError(409, MESSAGES.conflict);
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return new AppError(409, MESSAGES.conflict);
  if (/^22[0-9A-Z]{3}$/.test(code)) return new AppError(400, MESSAGES.badRequest);
  return null;
}

/** What a client is told to wait when a dependency cannot be reached (a PostgreSQL or S3 restart takes seconds). */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/** `spaFallback`: the built web app is served, so a GET of one of its paths that matches no route gets its index.html. */
export function registerErrorHandler(app: FastifyInstance, opts: { spaFallback?: WebApp | null } = {}): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      const add = (field: string, key: string) => {
        errors[field] ??= [];
        errors[field].push(key);
      };
      for (const v of err.validation as unknown as Issue[]) {
        if (v.keyword === 'unrecognized_keys') {
          const prefix = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
          for (const k of v.params.keys as string[]) add(prefix ? `${prefix}.${k}` : k, 'validate.error.not_allowed');
          continue;
        }
        const field = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
        add(field, keyFor(v));
      }
      return reply.code(400).send({ message: MESSAGES.badRequest, errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: MESSAGES.serverError });
    }
    const dependency = unavailableDependency(err);
    if (dependency) {
      const unavailable = serviceUnavailable(UNAVAILABLE_RETRY_AFTER_S);
      req.log.warn({ code: err.code, err: err.message }, `${dependency} unavailable`);
      return reply.code(503).headers(unavailable.headers!).send({ message: unavailable.message });
    }
    if (isOutOfSpace(err)) {
      req.log.error({ code: err.code, err: err.message }, 'no space left for DATA_DIR');
      return reply.code(507).send({ message: insufficientStorage().message });
    }
    const refusal = databaseRefusal(err);
    if (refusal) {
      req.log.warn({ code: err.code }, 'the database refused a write or a value');
      return reply.code(refusal.statusCode).send({ message: refusal.message });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send({ message: MESSAGES.serverError });
    }
    const known: Record<number, string> = {
      400: MESSAGES.badRequest,
      401: MESSAGES.unauthorized,
      403: MESSAGES.forbidden,
      404: MESSAGES.notFound,
      405: MESSAGES.methodNotAllowed,
      406: MESSAGES.notAcceptable,
      409: MESSAGES.conflict,
      413: MESSAGES.payloadTooLarge,
      415: 'Unsupported Media Type',
      429: MESSAGES.tooManyRequests,
    };
    return reply.code(status).send({ message: known[status] ?? err.message });
  });

  // One not-found handler (Fastify allows one per prefix). The SPA's router shows /404 itself.
  app.setNotFoundHandler((req, reply) => {
    if (opts.spaFallback && req.method === 'GET' && opts.spaFallback.isAppPath(req.url)) return opts.spaFallback.sendIndex(reply);
    return reply.code(404).send({ message: MESSAGES.notFound });
  });
}
