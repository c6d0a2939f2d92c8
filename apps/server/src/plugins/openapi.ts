import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_VERSION } from '@bo/shared/app-config';
import { FINGERPRINT_HEADER } from '@bo/shared/messages';
import { DOCS_CONTENT_SECURITY_POLICY } from './security-headers.ts';

/** Error statuses a route can answer beyond those its access declaration and schema imply. */
export type DeclaredErrorStatus = 404 | 405 | 409 | 413 | 415 | 422 | 423 | 429 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error statuses the route answers besides 400/401/403/404 (which the API reference derives): 409, 429, … */
    errors?: readonly DeclaredErrorStatus[];
  }
}

export const ERROR_RESPONSE_SCHEMA = 'ErrorResponse';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Missing X-Fingerprint header, or input that fails validation (`errors` maps each field to translation keys)',
  401: 'Missing, invalid or revoked token; or a failed sign-in',
  403: 'The role, the organization or an initial password not yet changed does not allow this call',
  404: 'No such row, or a feature switched off',
  405: 'The call exists but is refused for this resource',
  409: 'Conflicts with existing data (a unique value taken, rows still depending on it)',
  413: 'The body or an uploaded file is too large',
  415: 'The body or an uploaded file is of a type this call does not take',
  422: 'An uploaded file is not what it claims to be',
  423: 'reCAPTCHA verification failed',
  429: 'Too many attempts: retry after the Retry-After header',
  503: 'Busy: retry after the Retry-After header',
};

const RETRY_AFTER = new Set([429, 503]);

/** Where the transform leaves a route's error statuses for the document pass to expand. */
const ERRORS_KEY = 'x-error-statuses';

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
export function errorStatusesOf(cfg: RouteConfig, schema: FastifySchema | undefined, url: string): number[] {
  const statuses = new Set<number>([400]);
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
  for (const s of cfg.errors ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

const transform: SwaggerTransform = (document) => {
  const result = jsonSchemaTransform(document as Parameters<SwaggerTransform>[0]);
  if ((result.schema as { hide?: boolean } | undefined)?.hide) return result;
  const cfg = (document.route.config ?? {}) as RouteConfig;
  return {
    url: result.url,
    schema: { ...result.schema, security: securityOf(cfg), [ERRORS_KEY]: errorStatusesOf(cfg, document.route.schema, document.url) } as FastifySchema,
  };
};

type Operation = { responses?: Record<string, unknown>; [ERRORS_KEY]?: number[] };

const transformObject: SwaggerTransformObject = (documentObject) => {
  const doc = jsonSchemaTransformObject(documentObject) as { components?: { schemas?: Record<string, unknown> }; paths?: Record<string, Record<string, Operation>> };
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
        },
      },
    },
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const statuses = op[ERRORS_KEY];
      if (!statuses) continue;
      delete op[ERRORS_KEY];
      op.responses ??= {};
      for (const status of statuses) {
        op.responses[String(status)] ??= {
          description: ERROR_DESCRIPTIONS[status] ?? 'Error',
          ...(RETRY_AFTER.has(status) ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' } } } } : {}),
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
    docs.addHook('onRoute', (route) => { route.config = { ...(route.config ?? {}), roles: 'public', fingerprint: false } as typeof route.config; });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', validatorUrl: null }, staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    });
  });
}
