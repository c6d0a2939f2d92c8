import type { FastifyInstance } from 'fastify';

/** Two-factor with an authenticator app and recovery codes (issue 10). */
export async function twoFactorRoutes(_fastify: FastifyInstance) {}
