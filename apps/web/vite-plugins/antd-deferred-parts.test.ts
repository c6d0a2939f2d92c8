import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_REWRITES } from './antd-deferred-parts.ts';

const antdEs = resolve(import.meta.dirname, '../../../node_modules/antd/es/');
const MODULES = ['typography/Base/index.js', 'card/Card.js', 'form/context.js', 'button/style/token.js', 'modal/style/index.js'];

describe('antd rewrites', () => {
  it('each finds its import exactly once in the installed antd', () => {
    for (const file of MODULES) {
      const path = resolve(antdEs, file);
      const rewrite = ANTD_REWRITES.find((r) => r.module.test(path));
      expect(rewrite, file).toBeDefined();
      expect(readFileSync(path, 'utf8').split(rewrite!.from).length, file).toBe(2);
    }
    expect(ANTD_REWRITES).toHaveLength(MODULES.length);
  });

  it("inlines the grid's getMediaSize as antd defines it", async () => {
    const { getMediaSize } = await import('antd/es/grid/style');
    const rewrite = ANTD_REWRITES.find((r) => r.module.test('/node_modules/antd/es/modal/style/index.js'))!;
    const inlined = new Function(`${rewrite.to}\nreturn getMediaSize;`)() as typeof getMediaSize;
    const token = Object.fromEntries(['XS', 'SM', 'MD', 'LG', 'XL', 'XXL', 'XXXL'].map((s, i) => [`screen${s}Min`, 100 * (i + 1)]));
    expect(inlined(token as never)).toEqual(getMediaSize(token as never));
  });
});
