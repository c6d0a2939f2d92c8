import type { FastifyInstance } from 'fastify';
import { appHost } from '../context/request-context.ts';
import { verifyRecaptcha } from '../recaptcha.ts';
import { attemptLimiter } from './attempt-limiter.ts';
import { adminSessions } from './open-session.ts';
import type { ProvenAdmin } from './proven-account.ts';
import { adminSecondFactor } from './sign-in-challenge.ts';
import { createSignIn, type SignIn } from './sign-in.ts';

/**
 * Admin sign-in as the app wires it: its rate-limit store, reCAPTCHA settings, login devices and
 * two-factor. Apart from sign-in.ts, which the session and challenge modules import types from.
 */
export const adminSignIn = (app: FastifyInstance): SignIn<ProvenAdmin> =>
  createSignIn({
    host: appHost(app),
    limiter: attemptLimiter(app),
    verifyRecaptcha: (token, ip) => verifyRecaptcha(app.config, token, ip),
    sessions: adminSessions(app),
    secondFactor: adminSecondFactor(app.config.jwtSecret),
  });
