/**
 * A turn of the event loop. SQLite answers synchronously and parsing is CPU work: long loops await
 * this now and then so other requests are answered meanwhile.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
