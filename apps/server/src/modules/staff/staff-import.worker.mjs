// Reads uploaded rosters and writes error workbooks off the request thread (ExcelJS works
// synchronously for most of a second on 5,000 rows), with a capped heap so a hostile file can
// only exhaust this worker. Plain JavaScript so Node can start it as is; it registers tsx to load
// the TypeScript code.
import { parentPort } from 'node:worker_threads';

// As TypeScript sources (tests, `npm run dev`) tsx loads the code below; compiled by
// scripts/build-server.mjs (`npm start`) it is bundled in, and __BO_COMPILED__ is defined.
if (typeof __BO_COMPILED__ === 'undefined') (await import('tsx/esm/api')).register();
const { readRoster, writeErrorWorkbook, RosterError } = await import('./staff-import.workbook.ts');

const asBuffer = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

parentPort.on('message', async ({ id, kind, input }) => {
  try {
    if (kind === 'read') {
      parentPort.postMessage({ id, ok: true, value: await readRoster(asBuffer(input.buffer), input.options) });
    } else if (kind === 'errors') {
      const bytes = new Uint8Array(await writeErrorWorkbook(input));
      parentPort.postMessage({ id, ok: true, value: bytes }, [bytes.buffer]);
    } else throw new Error(`unknown job ${kind}`);
  } catch (err) {
    const refusal = err instanceof RosterError ? { field: err.field, key: err.key } : undefined;
    parentPort.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err), refusal });
  }
});
parentPort.postMessage({ ready: true });
