import type { FastifyInstance } from 'fastify';

/** Sign-in by a code mailed to the admin (POST /api/admin/account/login-via-email-otp, issue 10). */
export async function emailOtpRoutes(_fastify: FastifyInstance) {}
