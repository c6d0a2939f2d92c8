import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { currentLanguage } from '../../i18n/index.ts';
import { diffRows } from './diff.ts';
import { fieldLabel, formatValue, type ValueNames } from './readable.ts';
import './i18n.ts';

/** The before/after of one audit entry, field by field, changed fields first, in words (readable.ts). */
export function AuditDiffTable({
  targetType,
  before,
  after,
  names,
}: {
  targetType: string;
  before: unknown;
  after: unknown;
  names?: ValueNames;
}) {
  const { t, i18n } = useTranslation('audit-log');
  const lang = currentLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const rows = useMemo(
    () =>
      diffRows(before, after).map((r) => ({
        ...r,
        label: fieldLabel(t, targetType, r.field),
        beforeText: formatValue(t, lang, targetType, r.field, r.before, names),
        afterText: formatValue(t, lang, targetType, r.field, r.after, names),
      })),
    [before, after, targetType, t, lang, i18n.language, names],
  );
  return (
    <Table
      className="audit-diff"
      style={{ marginTop: 16 }}
      size="small"
      pagination={false}
      rowKey="field"
      tableLayout="fixed"
      locale={{ emptyText: t('noChanges') }}
      dataSource={rows}
      data-testid="audit-diff"
      rowClassName={(r) => (r.changed ? 'audit-diff-changed' : '')}
      columns={[
        {
          key: 'field',
          title: t('field'),
          width: '34%',
          render: (_, r) => <span data-field={r.field}>{r.changed ? <Typography.Text strong>{r.label}</Typography.Text> : r.label}</span>,
        },
        {
          key: 'before',
          title: t('before'),
          width: '33%',
          render: (_, r) => (
            <Typography.Text delete={r.changed && r.before !== undefined} type={r.changed ? 'danger' : undefined} className="audit-value">
              {r.beforeText}
            </Typography.Text>
          ),
        },
        {
          key: 'after',
          title: t('after'),
          width: '33%',
          render: (_, r) => (
            <Typography.Text type={r.changed ? 'success' : undefined} className="audit-value">
              {r.afterText}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
