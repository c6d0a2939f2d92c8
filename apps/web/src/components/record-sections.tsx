import { Suspense } from 'react';
import Skeleton from 'antd/es/skeleton';
import type { RecordSectionProps } from '../lib/feature.ts';
import { useRecordSections } from '../lib/record-sections.ts';

/** The sections other features add to a record's form (lib/feature.ts `recordSections`), each loaded when shown. */
export function RecordSections({ target, ...props }: { target: string } & RecordSectionProps) {
  const sections = useRecordSections(target);
  return (
    <>
      {sections.map(({ key, Section }) => (
        <Suspense key={key} fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
          <Section {...props} />
        </Suspense>
      ))}
    </>
  );
}
