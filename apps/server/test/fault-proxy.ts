import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a fault test can cut: it listens on loopback and forwards every connection to the
 * target (PostgreSQL, Redis, S3). `cutAll()` destroys every open connection (what a restart, a failover
 * or pg_terminate_backend does to the client), `refuse(ms)` also closes each new connection at once
 * for that long, `stall()` accepts connections and passes nothing either way (a server that stopped
 * answering), `resume()` lets them through again.
 */
export interface FaultProxy {
  /** 127.0.0.1:<port> the proxy listens on. */
  host: string;
  port: number;
  /** Connections forwarded so far (accepted while not refusing). */
  forwarded(): number;
  /** Connections open right now. */
  open(): number;
  cutAll(): void;
  /**
   * Cuts every connection the first time a client sends bytes containing `text` (an SQL statement's
   * text, 'commit'): before those bytes reach the target, or (`forward: true`) right after.
   * `refuse: true` refuses new connections from that moment (the dependency went away and stays
   * away until `resume()`), so a client's retry cannot slip through. Resolves once it has cut.
   */
  cutWhen(text: string, opts?: { forward?: boolean; refuse?: boolean }): Promise<void>;
  /** Refuse new connections for `ms` (then resume by itself); `Infinity` until `resume()`. */
  refuse(ms?: number): void;
  /** From now until `resume()` pass nothing either way (connections stay open, silent); `resume()` cuts them. */
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(opts: { target: { host: string; port: number } }): Promise<FaultProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let refusing = false;
  let refuseTimer: NodeJS.Timeout | undefined;
  let forwarded = 0;
  let stalled = false;
  let trigger: { text: string; forward: boolean; refuse: boolean; done: () => void } | null = null;
  /** Connections accepted while stalled: never read, never forwarded. */
  const held = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    if (stalled) {
      held.add(client);
      client.pause();
      client.on('error', () => client.destroy()).on('close', () => held.delete(client));
      return;
    }
    forwarded++;
    const upstream = connect(opts.target.port, opts.target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // The end of the bytes sent before: a statement's text may arrive split over two chunks.
    let tail: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      const armed = trigger;
      const seen = armed ? Buffer.concat([tail, chunk]) : chunk;
      tail = seen.subarray(Math.max(0, seen.length - 200));
      if (armed && seen.includes(armed.text)) {
        trigger = null;
        if (armed.refuse) refusing = true;
        if (armed.forward) upstream.write(chunk, () => cutAll());
        else cutAll();
        armed.done();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  const cutAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
    for (const c of held) c.destroy();
    held.clear();
  };
  const resume = () => {
    clearTimeout(refuseTimer);
    refusing = false;
    // A stalled connection is past saving (its client has timed out or will): cut, as after a real outage.
    if (stalled) cutAll();
    stalled = false;
  };
  return {
    host: '127.0.0.1',
    port,
    forwarded: () => forwarded,
    open: () => pairs.size,
    cutAll,
    cutWhen: (text, o = {}) =>
      new Promise<void>((done) => {
        trigger = { text, forward: o.forward ?? false, refuse: o.refuse ?? false, done };
      }),
    refuse(ms = Number.POSITIVE_INFINITY) {
      refusing = true;
      clearTimeout(refuseTimer);
      if (Number.isFinite(ms)) refuseTimer = setTimeout(resume, ms);
    },
    stall() {
      stalled = true;
      for (const [client, upstream] of pairs) {
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    resume,
    close: async () => {
      resume();
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The URL with its host and port replaced by the proxy's (a database or Redis URL). */
export function throughProxy(url: string, proxy: FaultProxy): string {
  const u = new URL(url);
  u.hostname = proxy.host;
  u.port = String(proxy.port);
  return u.toString();
}
