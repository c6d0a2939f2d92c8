import { Readable } from 'node:stream';

/** The first `n` bytes of a stream (for content sniffing) and a stream that still yields all of it. */
export async function peek(stream: Readable, n: number): Promise<{ head: Buffer; body: Readable }> {
  const it = stream[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    taken.push(r.value);
    size += r.value.length;
  }
  const head = Buffer.concat(taken, size);
  const body = Readable.from(
    (async function* () {
      if (head.length) yield head;
      if (done) return;
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        yield r.value as Buffer;
      }
    })(),
    { objectMode: false },
  );
  return { head: head.subarray(0, n), body };
}
