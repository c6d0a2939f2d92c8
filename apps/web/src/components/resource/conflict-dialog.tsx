import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { formatDateTime } from '../../i18n/dates.ts';
import { allChosen, type Choice, type FieldDifference, initialChoices } from './conflict-merge.ts';
import type { ChangedBy } from './record-version.ts';
import './i18n.ts';

export interface ConflictDialogProps {
  open: boolean;
  changedBy: ChangedBy | null;
  changedAt: string | null;
  diffs: FieldDifference[];
  labelOf(name: string): string;
  /** `save`: a refused save, saved again with the choices; `load`: the choices go into the form, unsaved. */
  purpose: 'save' | 'load';
  onApply(choices: Record<string, Choice | undefined>): void;
  onCancel(): void;
}

/**
 * The other person's change beside the user's, field by field (issue 36): keep mine or take theirs
 * for each; nothing is saved or lost before the user has chosen every field both of them changed.
 */
export function ConflictDialog({ open, changedBy, changedAt, diffs, labelOf, purpose, onApply, onCancel }: ConflictDialogProps) {
  const { t } = useTranslation('resource', { keyPrefix: 'conflict' });
  const [choices, setChoices] = useState(() => initialChoices(diffs));
  useEffect(() => setChoices(initialChoices(diffs)), [diffs]);
  const who = changedBy?.name ?? t('someone');
  const when = changedAt ? formatDateTime(changedAt, 'HH:mm') : '';
  const show = (v: unknown) => <ValueText value={v} />;
  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={onCancel}
      onOk={() => onApply(choices)}
      okText={purpose === 'save' ? t('saveMerged') : t('useMerged')}
      cancelText={t('keepEditing')}
      okButtonProps={{ disabled: !allChosen(diffs, choices), ...({ 'data-testid': 'conflict-apply' } as object) }}
      cancelButtonProps={{ ...({ 'data-testid': 'conflict-cancel' } as object) }}
      width={720}
      destroyOnHidden
      data-testid="conflict-dialog"
    >
      <Typography.Paragraph data-testid="conflict-who">
        {when ? t('changedAt', { name: who, time: when }) : t('changed', { name: who })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{diffs.length ? t('explain') : t('nothingDiffers')}</Typography.Paragraph>
      <div className="conflict-fields">
        {diffs.map((d) => {
          const label = labelOf(d.name);
          return (
            <fieldset key={d.name} className="conflict-field" data-testid={`conflict-field-${d.name}`}>
              <legend>
                {label}
                {d.edited && d.changed ? <Typography.Text type="warning"> · {t('bothChanged')}</Typography.Text> : null}
              </legend>
              <Radio.Group
                name={`conflict-${d.name}`}
                value={choices[d.name]}
                onChange={(e) => setChoices((c) => ({ ...c, [d.name]: e.target.value as Choice }))}
                className="conflict-choices"
                aria-label={label}
              >
                <Radio value="theirs" data-testid={`conflict-theirs-${d.name}`}>
                  <span className="conflict-side">{t('takeTheirs', { name: who })}</span>
                  {show(d.theirs)}
                </Radio>
                <Radio value="mine" data-testid={`conflict-mine-${d.name}`}>
                  <span className="conflict-side">{t('keepMine')}</span>
                  {show(d.mine)}
                </Radio>
              </Radio.Group>
            </fieldset>
          );
        })}
      </div>
    </Modal>
  );
}

function ValueText({ value }: { value: unknown }) {
  const { t } = useTranslation('resource', { keyPrefix: 'conflict' });
  const text = valueText(value, t);
  return <span className={text === null ? 'conflict-value conflict-empty' : 'conflict-value'}>{text ?? t('empty')}</span>;
}

/** A field's value in words; null when empty. */
export function valueText(v: unknown, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return null;
  if (dayjs.isDayjs(v)) return v.format('YYYY-MM-DD');
  if (typeof v === 'boolean') return v ? t('yes') : t('no');
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v))
    return v.every((x) => typeof x === 'string' || typeof x === 'number') ? v.join('、') : t('items', { count: v.length });
  const json = JSON.stringify(v);
  return json.length > 160 ? `${json.slice(0, 157)}…` : json;
}
