import type { FeatureDescriptor, Texts } from '../lib/feature.ts';
import { addTranslations, DEFAULT_NS } from '../i18n/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- titles nest as deep as the route names' dots
type Nested = { [key: string]: any };

/** 'admin.list' → { admin: { list } }: route names with dots read as i18next key paths. */
function put(into: Nested, dotted: string, text: string) {
  const parts = dotted.split('.');
  let node = into;
  for (const p of parts.slice(0, -1)) node = node[p] ??= {};
  node[parts.at(-1)!] = text;
}

/** The shell's `route.<name>` (page titles) and `menu.<group>` (menu groups) in one language. */
export function titleResources(features: readonly FeatureDescriptor[], lng: keyof Texts): { route: Nested; menu: Nested } {
  const route: Nested = {};
  const menu: Nested = {};
  for (const f of features) {
    for (const r of f.routes) put(route, r.name, r.title[lng]);
    for (const g of f.menuGroups ?? []) menu[g.key] = g.label[lng];
  }
  return { route, menu };
}

/** Adds the features' titles to the shell's strings: the public features' at once, the others with the admin screens. */
export function registerTitles(features: readonly FeatureDescriptor[]): void {
  addTranslations(DEFAULT_NS, { 'zh-TW': titleResources(features, 'zh-TW'), 'en-US': titleResources(features, 'en-US') });
}
