import type { FastifyInstance } from 'fastify';

/** POST /api/admin/account/verify-identity and the code it can mail (issue 10). */
export async function verifyIdentityRoutes(_fastify: FastifyInstance) {}
