import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import '../features/photo/i18n.ts';
import '../features/file/i18n.ts';
import '../components/image-viewer.tsx';
import '../components/upload-progress-list.tsx';
import '../components/download-progress.tsx';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .sort();

describe('photo and file strings', () => {
  it.each(['photo', 'file', 'viewer', 'upload', 'download'])('namespace %s has the same keys in zh-TW and en-US, none empty', (ns) => {
    const zh = i18n.getResourceBundle('zh-TW', ns);
    const en = i18n.getResourceBundle('en-US', ns);
    expect(keys(zh).length).toBeGreaterThan(0);
    expect(keys(en)).toEqual(keys(zh));
    for (const bundle of [zh, en]) for (const k of keys(bundle)) expect(k.split('.').reduce((o: any, p) => o[p], bundle)).not.toBe('');
  });
});
