import type { FastifyContextConfig, FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_VERSION } from '@bo/shared/app-config';
import { FINGERPRINT_HEADER, PERMISSION_KEYS, VALIDATION_KEYS } from '@bo/shared/messages';
import { REVIEW_KEYS } from '@bo/shared/schemas/review';
import { DOCS_CONTENT_SECURITY_POLICY } from './security-headers.ts';

/** Error statuses a route can answer beyond those its access declaration and schema imply. */
export type DeclaredErrorStatus = 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 423 | 428 | 429 | 502 | 503 | 507;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error statuses the route answers beyond those the API reference derives (docs/api.md), e.g. login's 423 and 429. */
    errors?: readonly DeclaredErrorStatus[];
    /** The route answers a strong ETag and 304 to a matching If-None-Match (lib/public-read.ts). */
    conditional?: boolean;
  }
}

export const ERROR_RESPONSE_SCHEMA = 'ErrorResponse';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Missing X-Fingerprint header, or input that fails validation (`errors` maps each field to translation keys)',
  401: 'Missing, invalid or revoked token; or a failed sign-in',
  403: 'The role, the organization or an initial password not yet changed does not allow this call; for want of a role, `required_roles` (any one would do) and `granted_by` (who may grant them) say which',
  404: 'No such row, or a feature switched off',
  405: 'The call exists but is refused for this resource',
  409: "Conflicts with existing data (a unique value taken, rows still depending on it), or the record was changed since the version sent (`key: validate.error.edited_elsewhere`, `conflict` or a batch's `conflicts`: who changed which fields, and the current record; nothing was written)",
  413: 'The body or an uploaded file is too large',
  415: 'The body or an uploaded file is of a type this call does not take',
  422: 'An uploaded file is not what it claims to be',
  423: 'reCAPTCHA verification failed',
  428: 'The write carries no version: `If-Match` with the version (ETag) the record was read at, or `versions` in a batch body (`key: validate.error.version_required`)',
  429: 'Too many attempts: retry after the Retry-After header',
  500: 'Internal error (the body says nothing more)',
  502: 'A service on another server (LINE, Google) refused or did not answer; the message says which and why',
  503: 'Busy, or the database or the file storage cannot be reached right now: retry after the Retry-After header',
  507: 'The server has no room left on its disk (DATA_DIR): nothing was saved; reads go on working',
};

const RETRY_AFTER = new Set([429, 503]);

/** Where the transform leaves a route's error statuses for the document pass to expand. */
const ERRORS_KEY = 'x-error-statuses';
const CONDITIONAL_KEY = 'x-conditional';
/** Marks a body the transform implied as optional (@fastify/swagger marks every body required). */
const OPTIONAL_BODY_KEY = 'x-optional-body';
/** Marks a write that checks record versions (issue 36): 'header' (If-Match) or 'body' (a batch's `versions`). */
const VERSIONED_KEY = 'x-versioned';

/** How a route takes the version it checks (lib/context/record-versions.ts), or null when it checks none. */
function versionTaken(cfg: RouteConfig): 'header' | 'body' | null {
  const v = cfg.version;
  if (!v || typeof v !== 'object' || !('target' in v)) return null;
  return 'id' in v ? 'header' : 'body';
}

type RouteConfig = Partial<FastifyContextConfig>;

/**
 * Who may call the route, as the access plugin decides it: public routes need no token (and no
 * fingerprint when declared `fingerprint: false`, as signed links are); every other route needs both.
 */
export function securityOf(cfg: RouteConfig): Array<Record<string, string[]>> {
  const fingerprint = cfg.fingerprint !== false;
  if (cfg.roles === 'public') return fingerprint ? [{ fingerprint: [] }] : [];
  return [fingerprint ? { bearer: [], fingerprint: [] } : { bearer: [] }];
}

/** The error statuses a route can answer, from its access declaration, its schema and its `errors`. */
export function errorStatusesOf(
  cfg: RouteConfig,
  schema: (FastifySchema & { consumes?: readonly string[] }) | undefined,
  url: string,
  method: string | string[],
): number[] {
  // 500: any route, with the same body and nothing internal in it (plugins/error-handler.ts);
  // 503: any route while the database or the file storage cannot be reached (issue 33).
  const statuses = new Set<number>([400, 500, 503]);
  const signedIn = cfg.roles !== 'public';
  if (signedIn) {
    statuses.add(401);
    // Every signed-in route: the must-change-password rule and a bad `organization_id` selector.
    statuses.add(403);
    // Feature flags (admin groups, sub-accounts) turn whole signed-in modules into 404s.
    statuses.add(404);
  }
  if (schema?.params || url.includes(':') || url.includes('*')) statuses.add(404);
  if (schema?.body) {
    statuses.add(413);
    statuses.add(415);
  }
  const writes = (Array.isArray(method) ? method : [method]).some((m) => m.toUpperCase() !== 'GET');
  // Any write can meet a unique value or a dependent row the error handler answers with 409.
  if (signedIn && writes) statuses.add(409);
  // Any write can meet a full disk under DATA_DIR (SQLite, stored files): 507 (lib/out-of-space.ts).
  if (writes) statuses.add(507);
  if (schema?.consumes?.includes('multipart/form-data')) {
    statuses.add(422); // the file is not what its type claims
    statuses.add(503); // image work at capacity
  }
  if (versionTaken(cfg)) {
    statuses.add(409);
    statuses.add(428);
  }
  for (const s of cfg.errors ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Routes declared where a multipart parser is registered (the upload modules). */
const multipartContexts = new WeakSet<object>();

/**
 * The body of a POST/PUT/PATCH declared without a body schema: an upload declared
 * `consumes: multipart/form-data` takes a form; any other takes an optional JSON object, or a form
 * where a multipart parser is registered (the handler reads the upload or ignores the body).
 */
function bodyOf(
  route: RouteOptions,
  schema: FastifySchema & { consumes?: readonly string[] },
): { body: object; optional: boolean; consumes?: string[] } | null {
  if (schema.body) return null;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((m) => BODY_METHODS.has(m.toUpperCase()))) return null;
  if (schema.consumes?.includes('multipart/form-data')) return { body: { type: 'object' }, optional: false };
  if (multipartContexts.has(route))
    return { body: { type: 'object' }, optional: true, consumes: ['application/json', 'multipart/form-data'] };
  return { body: { type: 'object' }, optional: true };
}

const transform: SwaggerTransform = (document) => {
  const result = jsonSchemaTransform(document as Parameters<SwaggerTransform>[0]);
  if ((result.schema as { hide?: boolean } | undefined)?.hide) return result;
  const cfg = (document.route.config ?? {}) as RouteConfig;
  const implied = bodyOf(document.route, result.schema);
  const schema: FastifySchema = {
    ...result.schema,
    ...(implied ? { body: implied.body } : {}),
    ...(implied?.consumes ? { consumes: implied.consumes } : {}),
  };
  return {
    url: result.url,
    schema: {
      ...schema,
      security: securityOf(cfg),
      [ERRORS_KEY]: errorStatusesOf(cfg, schema, document.url, document.route.method),
      ...(cfg.conditional ? { [CONDITIONAL_KEY]: true } : {}),
      ...(implied?.optional ? { [OPTIONAL_BODY_KEY]: true } : {}),
      ...(versionTaken(cfg) ? { [VERSIONED_KEY]: versionTaken(cfg) } : {}),
    } as FastifySchema,
  };
};

type Operation = {
  responses?: Record<string, unknown>;
  requestBody?: { required?: boolean };
  [ERRORS_KEY]?: number[];
  [OPTIONAL_BODY_KEY]?: boolean;
  [CONDITIONAL_KEY]?: boolean;
  [VERSIONED_KEY]?: 'header' | 'body';
  parameters?: unknown[];
};

const transformObject: SwaggerTransformObject = (documentObject) => {
  const doc = jsonSchemaTransformObject(documentObject) as {
    components?: { schemas?: Record<string, unknown> };
    paths?: Record<string, Record<string, Operation>>;
  };
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      [ERROR_RESPONSE_SCHEMA]: {
        type: 'object',
        required: ['message'],
        properties: {
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          // A 403 for want of a role (issue 26, errors.ts roleMissing): which roles would do, who grants them.
          // Issue 36: a stale write's 409 (`conflict`, a batch's `conflicts`) and a write without a version's 428;
          // issue 41: the review's refusals (the author approving, a step out of stage, publishing the unapproved).
          key: {
            type: 'string',
            enum: [
              PERMISSION_KEYS.roleMissing,
              VALIDATION_KEYS.editedElsewhere,
              VALIDATION_KEYS.versionRequired,
              ...Object.values(REVIEW_KEYS),
            ],
          },
          statusCode: { type: 'integer' },
          error: { type: 'string' },
          conflict: { type: 'object' },
          conflicts: { type: 'array', items: { type: 'object' } },
          required_roles: { type: 'array', items: { type: 'string' } },
          granted_by: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (op[OPTIONAL_BODY_KEY] && op.requestBody) op.requestBody.required = false;
      delete op[OPTIONAL_BODY_KEY];
      if (op[CONDITIONAL_KEY]) {
        op.responses ??= {};
        op.responses['304'] = { description: 'Not Modified: the If-None-Match header holds the current ETag (no body)' };
      }
      delete op[CONDITIONAL_KEY];
      const versioned = op[VERSIONED_KEY];
      delete op[VERSIONED_KEY];
      if (versioned === 'header')
        op.parameters = [
          ...(op.parameters ?? []),
          {
            in: 'header',
            name: 'If-Match',
            required: false,
            description:
              'The version the record was read at (its ETag: `"7"`, or `7`), or `*` to overwrite whatever is there on purpose (audited as an overwrite). Without it: 428; stale: 409.',
            schema: { type: 'string' },
          },
        ];
      const statuses = op[ERRORS_KEY];
      if (!statuses) continue;
      delete op[ERRORS_KEY];
      op.responses ??= {};
      for (const status of statuses) {
        op.responses[String(status)] ??= {
          description: ERROR_DESCRIPTIONS[status] ?? 'Error',
          ...(RETRY_AFTER.has(status)
            ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' } } } }
            : {}),
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_RESPONSE_SCHEMA}` } } },
        };
      }
    }
  }
  return doc as ReturnType<SwaggerTransformObject>;
};

/**
 * The API reference: an OpenAPI 3.1 document at /api/docs/json and its browsable UI at /api/docs.
 * Each route's security and error responses are derived here from its declared config and schema,
 * so routes declare access once and the reference follows.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    if (this.hasContentTypeParser('multipart/form-data')) multipartContexts.add(route);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Construction back office API', version: API_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          fingerprint: { type: 'apiKey', in: 'header', name: FINGERPRINT_HEADER },
        },
      },
    },
    transform,
    transformObject,
  });
  // The API reference is public and opened in a browser tab, without a fingerprint: declared on its
  // routes, as every route's access is.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), roles: 'public', fingerprint: false } as typeof route.config;
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'none', filter: true, validatorUrl: null },
      staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    });
  });
}
