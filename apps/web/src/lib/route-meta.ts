import { createContext, useContext } from 'react';
import type { AppRoute } from './feature.ts';

/** The route-table entry of the screen being shown (name, layout, roles, mode of section 4). */
export const RouteMetaContext = createContext<AppRoute | null>(null);

/** `mode` ('create' | 'update') and the rest of the current route's meta. */
export function useRouteMeta(): AppRoute {
  const meta = useContext(RouteMetaContext);
  if (!meta) throw new Error('useRouteMeta outside a routed screen');
  return meta;
}
