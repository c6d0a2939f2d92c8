import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { READINESS_PARTS, sharedReadiness } from './readiness.ts';

const partState = z.enum(['ok', 'failing', 'not checked']);
const readySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  /** The parts that failed, by name; empty when ready. */
  failing: z.array(z.enum(READINESS_PARTS)),
  checks: z.object(
    Object.fromEntries(READINESS_PARTS.map((p) => [p, partState])) as Record<(typeof READINESS_PARTS)[number], typeof partState>,
  ),
});

/** Public, for load balancers and orchestrators: no token, no fingerprint, no data, never cached. */
const config = { roles: 'public', fingerprint: false } as const;

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const readiness = sharedReadiness(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers 200 while the process serves requests (checks nothing else)',
        response: { 200: z.object({ status: z.literal('live') }) },
      },
      config,
    },
    async () => ({ status: 'live' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable, migrations applied, file storage writable; 503 naming the failing parts',
        response: { 200: readySchema, 503: readySchema },
      },
      config,
    },
    async (_req, reply) => {
      const checks = await readiness();
      const failing = READINESS_PARTS.filter((p) => checks[p] === 'failing');
      return reply.code(failing.length ? 503 : 200).send({ status: failing.length ? 'not ready' : 'ready', failing, checks });
    },
  );
}
