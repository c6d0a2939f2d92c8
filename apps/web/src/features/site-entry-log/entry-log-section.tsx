import type { Site } from '@bo/shared/schemas/site';
import type { RecordSectionProps } from '../../lib/feature.ts';
import { EntryLogTab } from './entry-log-tab.tsx';

/** The site form's 進場紀錄 tab (a record section of target `site`). */
export default function EntryLogSection({ record }: RecordSectionProps) {
  return <EntryLogTab site={record as unknown as Site} />;
}
