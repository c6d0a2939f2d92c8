import { writeFileSync } from 'node:fs';
import base from './vite.config.ts';
const cfg = base as any;
cfg.plugins = [...cfg.plugins, {
  name: 'analyze', apply: 'build',
  generateBundle(_o: unknown, bundle: Record<string, any>) {
    const out: Record<string, Record<string, number>> = {};
    for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') {
      out[f] = {};
      for (const [id, m] of Object.entries(c.modules as Record<string, any>)) out[f][id.replace(/.*node_modules\//, 'nm:').replace(/.*apps\/web\//, '')] = m.renderedLength;
    }
    writeFileSync('/tmp/f-modules.json', JSON.stringify(out));
  },
}];
export default cfg;
