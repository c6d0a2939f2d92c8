import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/**
 * Spellings of a path that name something other than what they look like: empty or dot segments,
 * `;` parameters, backslashes, and dots, slashes, backslashes or NUL written percent-encoded. No
 * browser or client of ours sends them; refusing them means every route sees one spelling of its
 * path. (Percent-encoded letters and mixed case are not refused: the router decodes and folds them,
 * and access follows the route it matched.)
 */
const AMBIGUOUS = /\/\/|(^|\/)\.{1,2}(\/|$)|[;\\]|%(2e|2f|5c|00)/i;

export const isAmbiguousPath = (url: string): boolean => {
  const q = url.indexOf('?');
  return AMBIGUOUS.test(q === -1 ? url : url.slice(0, q));
};

export function registerCanonicalPath(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (isAmbiguousPath(req.url)) throw badRequest();
  });
}
