import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Plain data statements only: utility statements (DDL of the migrations) are sent as they are. */
const NAMABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Issue 15: Kysely's PostgreSQL driver sends every query unnamed, so the server parses and plans it
 * on every execution. This gives each pooled client's queries a name derived from their SQL text:
 * node-pg prepares a named statement once per connection and then only binds and executes it.
 * Kysely compiles the same text for the same query shape, so names repeat; at most `max` distinct
 * texts get names (a connection then holds at most that many prepared statements), the rest stay
 * unnamed. Returns the pool, its clients wrapped as they are handed out.
 */
export function withNamedStatements(pool: pg.Pool, max = 1000): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max || !NAMABLE.test(text)) return known;
    const name = `bo_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
    return name;
  };
  const wrapped = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<pg.PoolClient> | undefined;
  // Kysely asks for clients without a callback; pg's own pool.query passes one, and gets them as they are.
  (pool as unknown as { connect: (cb?: unknown) => unknown }).connect = (cb?: unknown) => (cb ? connect(cb) : named());
  const named = async () => {
    const client = (await connect()) as pg.PoolClient;
    if (!wrapped.has(client)) {
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
        const name = typeof text === 'string' && Array.isArray(values) ? nameOf(text) : undefined;
        return name === undefined ? query(text, values, ...rest) : query({ name, text, values }, ...rest);
      };
    }
    return client;
  };
  return pool;
}
