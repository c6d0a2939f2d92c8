import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_REWRITES } from './antd-deferred-parts.ts';

const antdEs = resolve(import.meta.dirname, '../../../node_modules/antd/es/');
const MODULES = ['typography/Base/index.js', 'card/Card.js', 'form/context.js', 'button/style/token.js'];

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
});
