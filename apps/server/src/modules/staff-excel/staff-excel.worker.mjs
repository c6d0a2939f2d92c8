// Runs ExcelJS work off the main thread (rendering exports, reading uploaded templates) so a big
// workbook never stalls other requests, and a hostile one can only exhaust this worker's heap.
// Plain JavaScript so Node can start it as is; it registers tsx to load the TypeScript code.
import { parentPort } from 'node:worker_threads';

// As TypeScript sources (tests, `npm run dev`) tsx loads the code below; compiled by
// scripts/build-server.mjs (`npm start`) it is bundled in, and __BO_COMPILED__ is defined.
if (typeof __BO_COMPILED__ === 'undefined') (await import('tsx/esm/api')).register();
const { renderWorkbook } = await import('./staff-excel.render.ts');
const { inspectTemplate, sheetGrid } = await import('./staff-excel.template.ts');

const own = (b) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? new Uint8Array(b.buffer) : new Uint8Array(b));
const asBuffer = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

/** Staff (and photos) of a render job sent ahead in parts, by job id. */
const parts = new Map();

parentPort.on('message', async ({ id, kind, input }) => {
  if (kind === 'part') {
    const p = parts.get(id) ?? { staff: [], photos: [] };
    for (const x of input.staff) p.staff.push(x);
    for (const x of input.photos ?? []) p.photos.push(x);
    parts.set(id, p);
    return;
  }
  try {
    if (kind === 'render') {
      const p = parts.get(id);
      parts.delete(id);
      const job = p ? { ...input, staff: p.staff, photos: input.photos ? p.photos : undefined } : input;
      const bytes = own(await renderWorkbook(job));
      parentPort.postMessage({ id, ok: true, value: bytes }, [bytes.buffer]);
    } else if (kind === 'inspect') {
      parentPort.postMessage({ id, ok: true, value: await inspectTemplate(asBuffer(input)) });
    } else if (kind === 'grid') {
      parentPort.postMessage({ id, ok: true, value: await sheetGrid(asBuffer(input)) });
    } else throw new Error(`unknown job ${kind}`);
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
