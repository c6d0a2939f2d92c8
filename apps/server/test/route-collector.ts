import type { RouteOptions } from 'fastify';

/** A route the app registered, and how many times its handler has run. */
export interface CollectedRoute extends RouteOptions {
  handlerCalls: number;
  /** The handler as the route module wrote it (`handler` counts its calls). */
  declaredHandler: RouteOptions['handler'];
}

/**
 * Wraps the `fastify` module so that every app it creates records each route it registers and
 * counts the calls of its handler. Use from a test file, before anything imports the app:
 *
 *   const routes = vi.hoisted(() => [] as CollectedRoute[]);
 *   vi.mock('fastify', async (original) => (await import('./route-collector.ts')).collectingFastify(await original(), routes));
 */
export function collectingFastify(mod: typeof import('fastify'), routes: CollectedRoute[]) {
  const factory = ((opts: any) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (r) => {
      const route = r as unknown as CollectedRoute;
      const handler = route.handler;
      route.handlerCalls = 0;
      route.declaredHandler = handler;
      route.handler = function (this: unknown, ...args: Parameters<typeof handler>) {
        route.handlerCalls++;
        return handler.apply(this as any, args);
      };
      routes.push(route);
    });
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: Object.assign(factory, mod.default) };
}
