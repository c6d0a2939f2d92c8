import { UNREACHABLE_CODES } from '../lib/network-codes.ts';

/** SQLSTATE: 57P01–57P03 admin/crash shutdown and "cannot connect now", 53300 too many connections, class 08 connection exceptions. */
const SQLSTATE = /^(57P0[1-3]|53300|08[0-9A-Z]{3})$/;

/** node-pg's own errors carry no code, only these texts. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
];

/**
 * Whether an error says the database cannot be reached right now (PostgreSQL restarting, failing
 * over, refusing connections, a connection cut under a query) rather than that a query is wrong.
 * The error handler answers these 503: the request may be tried again, nothing was acknowledged.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || SQLSTATE.test(code))) return true;
  return typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m));
}
