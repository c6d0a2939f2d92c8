import type { FastifyInstance } from 'fastify';

/** Forgot password: the reset mail and setting a new password by its link; invitations' set-password links (issue 10). */
export async function passwordResetRoutes(_fastify: FastifyInstance) {}
