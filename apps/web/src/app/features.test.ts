import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/index.ts';
import '../i18n/admin-titles.ts';
import type { FeatureDescriptor } from '../lib/feature.ts';
import { FEATURES } from './features.ts';
import { featureProblems } from './features-check.ts';
import { ALL_ROUTES, buildRoutes } from './route-table.ts';
import { ADMIN_MENU, buildMenu } from './menu.ts';
import { titleResources } from './route-titles.ts';
import { PUBLIC_FEATURES } from './public-features.ts';

const screen = async () => ({ default: () => null });
const one = {
  name: 'one',
  routes: [{ name: 'one.list', path: '/admin/one', roles: [], screen }],
  menuGroups: [{ key: 'g', roles: [], order: 1 }],
  menu: [{ key: 'one', group: 'g', route: 'one.list', roles: [], order: 1 }],
} satisfies FeatureDescriptor;

describe('the feature descriptors', () => {
  beforeAll(() => loadLanguage('en-US'));
  it('list every feature with a public route among the public features, which the router knows from the first load', () => {
    for (const f of PUBLIC_FEATURES) expect(FEATURES, f.name).toContain(f);
    const withPublicRoutes = FEATURES.filter((f) => f.routes.some((r) => 'public' in r && r.public)).map((f) => f.name);
    expect(withPublicRoutes.sort()).toEqual(PUBLIC_FEATURES.map((f) => f.name).sort());
  });
  it('build one route per declared route, each with a title in both languages', () => {
    expect(ALL_ROUTES).toHaveLength(FEATURES.flatMap((f) => f.routes).length);
    const zh = titleResources(FEATURES, 'zh-TW');
    const en = titleResources(FEATURES, 'en-US');
    for (const r of ALL_ROUTES) {
      const at = (tree: object) => r.name.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], tree);
      expect(typeof at(zh.route), r.name).toBe('string');
      expect(typeof at(en.route), r.name).toBe('string');
    }
    expect(en.menu['staff-group']).toBe('Staff');
  });
  it('public routes use the default layout, the others the admin one under /admin', () => {
    for (const r of ALL_ROUTES) {
      expect(r.layout).toBe(r.public ? 'default' : 'admin');
      if (!r.public) expect(r.path.startsWith('/admin')).toBe(true);
    }
  });
  it('menu entries lead to their route path and take its feature flag', () => {
    const admin = ADMIN_MENU.find((m) => m.key === 'admin-group')!;
    expect(admin.children!.find((c) => c.key === 'admin-group')).toMatchObject({ path: '/admin/admin-group', flag: 'adminGroup' });
  });
  it('hold together: names, paths and groups declared once, menu entries naming what exists', () => {
    expect(featureProblems(FEATURES)).toEqual([]);
  });
  it('a route name or path declared twice is a problem', () => {
    const samePath = { name: 'two', routes: [{ ...one.routes[0], name: 'two.list' }] } satisfies FeatureDescriptor;
    expect(featureProblems([one, one])).toContain('route name one.list declared twice');
    expect(featureProblems([one, samePath])).toEqual(['route path /admin/one declared twice']);
  });
  it('a route name that is the parent of another title key is a problem', () => {
    const parent = { name: 'p', routes: [{ ...one.routes[0], name: 'one', path: '/admin/p' }] } satisfies FeatureDescriptor;
    expect(featureProblems([one, parent])).toEqual(['title key route.one is also the parent of route.one.list']);
  });
  it('a menu entry naming an unknown route or group is a problem', () => {
    expect(buildMenu([one], buildRoutes([one])).map((m) => m.key)).toEqual(['g']);
    expect(featureProblems([{ ...one, menu: [{ key: 'x', route: 'nope', roles: [], order: 1 }] }])).toEqual([
      'menu entry x names an unknown route nope',
    ]);
    expect(featureProblems([{ ...one, menu: [{ key: 'x', group: 'nope', roles: [], order: 1 }] }])).toEqual([
      'menu entry x names an unknown group nope',
    ]);
    expect(featureProblems([one, { ...one, name: 'again', routes: [] }])).toEqual(['menu group g declared twice']);
  });
});
