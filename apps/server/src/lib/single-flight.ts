/**
 * At most one run of a piece of work per key in this process (the audit chain's verify): a caller that
 * comes while one runs gets that run's promise when it asks for the same thing (`same`), else `null`
 * (the caller answers 409). The key is free again once the run settles, fulfilled or not.
 */
export class SingleFlight {
  private readonly running = new Map<string, { ask: string; done: Promise<unknown> }>();

  run<T>(key: string, ask: string, work: () => Promise<T>): Promise<T> | null {
    const now = this.running.get(key);
    if (now) return now.ask === ask ? (now.done as Promise<T>) : null;
    const done = work().finally(() => this.running.delete(key));
    this.running.set(key, { ask, done });
    return done;
  }

  busy(key: string): boolean {
    return this.running.has(key);
  }
}
