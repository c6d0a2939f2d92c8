// Sanitises rich text and mail templates off the request thread (lib/html/sanitize-pool.ts): the
// parser's cost grows with size and nesting, and while it runs on the request thread no other request
// is answered. Plain JavaScript so Node can start it as is; it registers tsx to load the TypeScript code.
import { parentPort } from 'node:worker_threads';

// As TypeScript sources (tests, `npm run dev`) tsx loads the code below; compiled by
// scripts/build-server.mjs (`npm start`) it is bundled in, and __BO_COMPILED__ is defined.
if (typeof __BO_COMPILED__ === 'undefined') (await import('tsx/esm/api')).register();
const { sanitizeRichText } = await import('./sanitize-rich-text.ts');
const { sanitizeMailHtml } = await import('./sanitize-mail-html.ts');

const SANITISERS = { rich: sanitizeRichText, mail: sanitizeMailHtml };

parentPort.on('message', ({ id, kind, values }) => {
  try {
    const clean = SANITISERS[kind];
    if (!clean) throw new Error(`unknown sanitiser ${kind}`);
    parentPort.postMessage({ id, ok: true, values: values.map((v) => clean(v)) });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
