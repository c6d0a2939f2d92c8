import { adminPath, listAndFormRoutes, type FeatureDescriptor, type FeatureMenuEntry, type FeatureRoute } from '../../lib/feature.ts';
import type { ResourceScreensDeclaration, ResourceScreensSpec } from './resource-spec.ts';

/**
 * A plain resource's screens declared as data (docs/web-features.md "A plain resource: one
 * descriptor"): `resourceScreens(…)` answers the feature descriptor with a list route, create and
 * update routes and a menu entry, shown by the generic ResourceListScreen and ResourceFormScreen.
 * The declaration's types are in resource-spec.ts; only types are imported here: the screens and what
 * they render load as lazy chunks.
 */
export function resourceScreens(d: ResourceScreensDeclaration): FeatureDescriptor & { routes: FeatureRoute[]; menu: FeatureMenuEntry[] } {
  const basePath = adminPath(d.path ?? d.name);
  // Kept small: this runs in the first chunk, with every feature descriptor.
  const config = () =>
    (typeof d.screens === 'function' ? d.screens().then((m) => m.default) : Promise.resolve(d.screens)).then((spec) => ({
      ...d,
      basePath,
      spec: spec as unknown as ResourceScreensSpec,
    }));
  const list = () => Promise.all([import('./resource-list-screen.tsx'), config()]).then(([m, c]) => ({ default: m.listScreen(c) }));
  const form = () => Promise.all([import('./resource-form-screen.tsx'), config()]).then(([m, c]) => ({ default: m.formScreen(c) }));
  const { read, write } = d.roles;
  const routes = listAndFormRoutes(d.name, {
    path: d.path,
    roles: { list: read, create: d.create === undefined || d.create === 'page' ? write : undefined, update: read },
    flag: d.flag,
    list,
    form,
  });
  return { name: d.name, routes, menu: [{ key: d.name, route: `${d.name}.list`, roles: read, flag: d.flag, ...d.menu }] };
}
