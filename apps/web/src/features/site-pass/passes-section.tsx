import type { Site } from '@bo/shared/schemas/site';
import type { RecordSectionProps } from '../../lib/feature.ts';
import { PassesTab } from './passes-tab.tsx';

/** The site form's 通行證 tab (a record section of target `site`). */
export default function PassesSection({ record }: RecordSectionProps) {
  return <PassesTab site={record as unknown as Site} />;
}
