import { lazy } from 'react';
import type { LoadedRecordSection } from '../lib/record-sections.ts';
import { FEATURES } from './features.ts';

/** The record sections of every feature, each a lazy chunk loaded only when its record's form shows it. */
export const RECORD_SECTIONS: LoadedRecordSection[] = FEATURES.flatMap((f) => f.recordSections ?? []).map(({ section, ...rest }) => ({
  ...rest,
  Section: lazy(section),
}));
