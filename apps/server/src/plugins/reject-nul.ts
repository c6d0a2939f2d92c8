import type { FastifyInstance } from 'fastify';
import { VALIDATION_KEYS } from '@bo/shared/messages';
import { badRequest } from '../lib/errors.ts';

/** The first field (dotted path) holding a string with a NUL character, or null. */
function fieldWithNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const hit = fieldWithNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text and SQLite would keep it silently: refuse it in any
 * path, query or JSON field with a field error, on both databases alike.
 */
export function registerRejectNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.is404) return;
    const field = fieldWithNul(req.params, '') ?? fieldWithNul(req.query, '') ?? fieldWithNul(req.body, '');
    if (field) throw badRequest({ [field]: [VALIDATION_KEYS.invalid] });
  });
}
