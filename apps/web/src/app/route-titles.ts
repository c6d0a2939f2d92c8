import type { FeatureDescriptor } from '../lib/feature.ts';
import { DEFAULT_NS, i18n, type Language } from '../i18n/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- titles nest as deep as the route names' dots
type Nested = { [key: string]: any };

/** 'admin.list' → { admin: { list } }: route names with dots read as i18next key paths. */
function put(into: Nested, dotted: string, text: unknown) {
  const parts = dotted.split('.');
  let node = into;
  for (const p of parts.slice(0, -1)) node = node[p] ??= {};
  node[parts.at(-1)!] = text;
}

/**
 * What the features' routes (`route.<name>`) and menu groups (`menu.<group>`) are titled in `lng`, as
 * loaded now (i18n/zh-TW.ts and en-US.ts for the public routes, i18n/admin-titles.ts for the others);
 * a missing title reads undefined. The tests hold every feature to a title in both languages.
 */
export function titleResources(features: readonly FeatureDescriptor[], lng: Language): { route: Nested; menu: Nested } {
  const text = (key: string) => i18n.getResource(lng, DEFAULT_NS, key) as unknown;
  const route: Nested = {};
  const menu: Nested = {};
  for (const f of features) {
    for (const r of f.routes) put(route, r.name, text(`route.${r.name}`));
    for (const g of f.menuGroups ?? []) menu[g.key] = text(`menu.${g.key}`);
  }
  return { route, menu };
}
