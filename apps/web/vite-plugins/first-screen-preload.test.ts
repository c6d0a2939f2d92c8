import { describe, expect, it } from 'vitest';
import { chunkFiles } from './first-screen-preload.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = {
  'assets/index.js': chunk('assets/index.js', ['/src/main.tsx'], ['assets/framework.js']),
  'assets/framework.js': chunk('assets/framework.js', ['/node_modules/react/index.js']),
  'assets/admin.js': chunk(
    'assets/admin.js',
    ['/src/app/layouts/admin-layout.tsx'],
    ['assets/framework.js', 'assets/antd.js'],
    ['assets/admin.css'],
  ),
  'assets/antd.js': chunk('assets/antd.js', ['/node_modules/antd/es/button/index.js'], [], ['assets/antd.css']),
  'assets/devices.js': chunk('assets/devices.js', ['/src/features/account/login-devices.tsx'], ['assets/antd.js', 'assets/tag.js']),
  'assets/tag.js': chunk('assets/tag.js', ['/node_modules/antd/es/tag/index.js'], [], ['assets/tag.css']),
  'assets/admin.css': { type: 'asset' as const, fileName: 'assets/admin.css' },
};

describe('the first signed-in screen’s files', () => {
  it('are the chunks holding the modules, their static imports and their CSS, less what index.html loads', () => {
    const loaded = new Set(['assets/index.js', 'assets/framework.js']);
    expect(chunkFiles(bundle, ['/src/app/layouts/admin-layout.tsx'], loaded)).toEqual([
      'assets/admin.js',
      'assets/admin.css',
      'assets/antd.js',
      'assets/antd.css',
    ]);
  });

  it('of a screen leave out what the layout already brought', () => {
    const loaded = new Set(['assets/index.js', 'assets/framework.js', 'assets/admin.js', 'assets/antd.js', 'assets/antd.css']);
    expect(chunkFiles(bundle, ['/src/features/account/login-devices.tsx'], loaded)).toEqual([
      'assets/devices.js',
      'assets/tag.js',
      'assets/tag.css',
    ]);
  });

  it('fail the build when a named module is in no chunk (renamed or moved)', () => {
    expect(() => chunkFiles(bundle, ['/src/app/layouts/gone.tsx'], new Set())).toThrow(/no chunk holds/);
  });
});
