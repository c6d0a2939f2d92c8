import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { DEFAULT_NS, loadLanguage } from '../i18n/index.ts';
import { FEATURES } from './features.ts';
import '../features/photo/i18n.ts';
import '../features/file/i18n.ts';
import '../components/image-viewer.tsx';
import '../components/upload-progress-list.tsx';
import '../components/download-progress.tsx';
import '../i18n/admin-titles.ts';

// Every table of words: the features' and the shared components' i18n files, and the resource specs
// (loaded with their screens) that name keys of them.
const tables = import.meta.glob(['../features/**/i18n*.ts', '../components/**/i18n*.ts', '!**/*.test.ts'], { eager: true });
const specs = import.meta.glob<{ default: { columns: object[]; fields: object[] } }>('../features/*/*.screens.tsx', { eager: true });

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .sort();
/** i18next plural forms: English has `_one` where Chinese has `_other` only. */
const withoutPlurals = (ks: string[]) => [...new Set(ks.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

beforeAll(() => loadLanguage('en-US'));

describe('photo and file strings', () => {
  it.each(['photo', 'file', 'viewer', 'upload', 'download'])('namespace %s has the same keys in zh-TW and en-US, none empty', (ns) => {
    const zh = i18n.getResourceBundle('zh-TW', ns);
    const en = i18n.getResourceBundle('en-US', ns);
    expect(keys(zh).length).toBeGreaterThan(0);
    expect(keys(en)).toEqual(keys(zh));
    for (const bundle of [zh, en]) for (const k of keys(bundle)) expect(k.split('.').reduce((o: any, p) => o[p], bundle)).not.toBe('');
  });
});

describe('every text of the app', () => {
  it('loads the tables', () => {
    expect(Object.keys(tables).length).toBeGreaterThan(20);
    expect(Object.keys(specs).length).toBeGreaterThan(4);
  });

  it('has the same keys in zh-TW and en-US in every namespace, each empty in both or in neither', () => {
    const namespaces = Object.keys(i18n.store.data['zh-TW'] ?? {});
    expect(namespaces).toContain(DEFAULT_NS);
    const empty = (bundle: object) => keys(bundle).filter((k) => k.split('.').reduce((o: any, p) => o[p], bundle) === '');
    for (const ns of namespaces) {
      const zh = i18n.getResourceBundle('zh-TW', ns);
      const en = i18n.getResourceBundle('en-US', ns) ?? {};
      expect(withoutPlurals(keys(en)), ns).toEqual(withoutPlurals(keys(zh)));
      expect(empty(en), ns).toEqual(empty(zh));
    }
  });

  it('titles every route and menu group in both languages', () => {
    for (const lng of ['zh-TW', 'en-US']) {
      for (const r of FEATURES.flatMap((f) => f.routes))
        expect(i18n.exists(`route.${r.name}`, { lng, fallbackLng: false }), `${lng} ${r.name}`).toBe(true);
      for (const g of FEATURES.flatMap((f) => f.menuGroups ?? []))
        expect(i18n.exists(`menu.${g.key}`, { lng, fallbackLng: false }), `${lng} ${g.key}`).toBe(true);
    }
  });

  it('finds every key the resource specs name, in both languages', () => {
    const named = (o: unknown): string[] =>
      Array.isArray(o)
        ? o.flatMap(named)
        : o && typeof o === 'object'
          ? Object.entries(o).flatMap(([k, v]) =>
              ['title', 'label', 'extra', 'createLabel', 'searchPlaceholder', 'emptyText'].includes(k) && typeof v === 'string'
                ? [v]
                : named(v),
            )
          : [];
    for (const [file, spec] of Object.entries(specs)) {
      const { columns, fields, ...rest } = spec.default;
      for (const key of named([columns, fields, rest]))
        for (const lng of ['zh-TW', 'en-US']) expect(i18n.exists(key, { lng, fallbackLng: false }), `${file} ${lng} ${key}`).toBe(true);
    }
  });
});
