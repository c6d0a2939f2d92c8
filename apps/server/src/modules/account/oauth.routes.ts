import type { FastifyInstance } from 'fastify';

/** Google, Facebook and LINE sign-in, linking and unlinking (issue 10). */
export async function oauthRoutes(_fastify: FastifyInstance) {}
