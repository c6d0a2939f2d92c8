import { OverridesCard } from './overrides-card.tsx';

/** The overview's card of the director's overrides at the gate (issue 39 point 2: "shown on the dashboard"). */
export default function OverridesOverviewCard() {
  return <OverridesCard />;
}
