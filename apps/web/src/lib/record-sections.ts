import { createContext, useContext, type ComponentType } from 'react';
import type { RecordSection, RecordSectionProps } from './feature.ts';
import { useSession } from './session.ts';

export interface LoadedRecordSection extends Omit<RecordSection, 'section'> {
  Section: ComponentType<RecordSectionProps>;
}

/** The record sections the features declare, provided by the app (each a lazy chunk). */
export const RecordSectionsContext = createContext<readonly LoadedRecordSection[]>([]);

/** The sections of a record kind this admin may see, in order. */
export function useRecordSections(target: string): LoadedRecordSection[] {
  const sections = useContext(RecordSectionsContext);
  const { can } = useSession();
  return sections.filter((s) => s.target === target && can(s.roles)).sort((a, b) => a.order - b.order);
}
