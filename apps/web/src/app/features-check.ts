import type { FeatureDescriptor } from '../lib/feature.ts';

/**
 * What a feature list must hold that the types cannot say: route names and paths declared once, a
 * route name never the prefix of another's title key ('a' and 'a.b'), menu entries naming routes and
 * groups that exist, group keys declared once. Answers the problems found (none: an empty list).
 */
export function featureProblems(features: readonly FeatureDescriptor[]): string[] {
  const problems: string[] = [];
  const routes = features.flatMap((f) => f.routes);
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const r of routes) {
    if (names.has(r.name)) problems.push(`route name ${r.name} declared twice`);
    if (paths.has(r.path)) problems.push(`route path ${r.path} declared twice`);
    names.add(r.name);
    paths.add(r.path);
  }
  for (const name of names) {
    for (const other of names)
      if (other.startsWith(`${name}.`)) problems.push(`title key route.${name} is also the parent of route.${other}`);
  }
  const groups = new Set<string>();
  for (const g of features.flatMap((f) => f.menuGroups ?? [])) {
    if (groups.has(g.key)) problems.push(`menu group ${g.key} declared twice`);
    groups.add(g.key);
  }
  for (const m of features.flatMap((f) => f.menu ?? [])) {
    if (m.route && !names.has(m.route)) problems.push(`menu entry ${m.key} names an unknown route ${m.route}`);
    if (m.group && !groups.has(m.group)) problems.push(`menu entry ${m.key} names an unknown group ${m.group}`);
  }
  return problems;
}
