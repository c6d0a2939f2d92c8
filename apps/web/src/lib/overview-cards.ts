import { createContext, useContext, type ComponentType } from 'react';
import type { OverviewCard } from './feature.ts';
import { useActiveOrganization, useSession } from './session.ts';

export interface LoadedOverviewCard extends Omit<OverviewCard, 'card'> {
  Card: ComponentType;
}

/** The overview cards the features declare, provided by the app (each a lazy chunk). */
export const OverviewCardsContext = createContext<readonly LoadedOverviewCard[]>([]);

/** The cards this admin may see now: roles held, and an active organization for those that need one. */
export function useOverviewCards(): LoadedOverviewCard[] {
  const cards = useContext(OverviewCardsContext);
  const { can } = useSession();
  const { organization } = useActiveOrganization();
  return cards.filter((c) => can(c.roles) && (!c.needsOrganization || !!organization));
}
