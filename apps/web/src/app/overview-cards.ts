import { lazy } from 'react';
import type { LoadedOverviewCard } from '../lib/overview-cards.ts';
import { FEATURES } from './features.ts';

/** The overview cards of every feature, each a lazy chunk loaded only when shown. */
export const OVERVIEW_CARDS: LoadedOverviewCard[] = FEATURES.flatMap((f) => f.overviewCards ?? []).map(({ card, ...rest }) => ({
  ...rest,
  Card: lazy(card),
}));
