/**
 * Start-up failures as one line naming the setting and the cause (main.ts prints it, exit code 1);
 * the full error is printed only at LOG_LEVEL=debug or trace.
 */
export class StartupError extends Error {}

type Errno = Error & { code?: string; errors?: Errno[]; address?: string; port?: number };

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'no answer',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  '28P01': 'password authentication failed',
  '28000': 'authentication refused',
  '3D000': 'database does not exist',
  '57P03': 'the database is starting up',
};

/** An error's code, looking inside AggregateError (a host name with several addresses) and `cause`. */
function codeOf(err: Errno | undefined): string | undefined {
  if (!err) return undefined;
  return err.code ?? codeOf(err.errors?.[0]) ?? codeOf(err.cause as Errno | undefined);
}

/** Where a DATABASE_URL points, without its user or password. */
function databaseTarget(url: string): string {
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length);
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || 5432}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'the configured address';
  }
}

export function databaseError(err: unknown, databaseUrl: string): StartupError {
  const e = err as Errno;
  const code = codeOf(e);
  const target = databaseTarget(databaseUrl);
  const cause = (code && CAUSES[code]) ?? firstLine(e?.message ?? String(err));
  const verb = databaseUrl.startsWith('sqlite:') ? 'cannot open' : 'cannot connect to';
  return new StartupError(`DATABASE_URL: ${verb} ${target} (${cause})`, { cause: err });
}

export function listenError(err: unknown, host: string, port: number): StartupError {
  const e = err as Errno;
  const code = codeOf(e);
  const line =
    code === 'EADDRINUSE'
      ? `PORT ${port} is in use (another process listens on ${host}:${port})`
      : code === 'EACCES'
        ? `PORT ${port}: permission denied (ports below 1024 need privileges)`
        : code === 'EADDRNOTAVAIL'
          ? `HOST ${host} is not an address of this machine`
          : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
            ? `HOST ${host}: host name not found`
            : `cannot listen on ${host}:${port} (${firstLine(e?.message ?? String(err))})`;
  return new StartupError(line, { cause: err });
}

/** A deadline for a start-up step that may hang (a database host that drops packets). */
export async function within<T>(ms: number, step: Promise<T>, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  try {
    return await Promise.race([step, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const firstLine = (text: string) => text.split('\n')[0].trim();

/** The line printed for any start-up failure; a stack trace only for an error nobody described. */
export function startupFailureLine(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  const e = err as Errno;
  return `start-up failed: ${firstLine(e?.message ?? String(err))}`;
}
