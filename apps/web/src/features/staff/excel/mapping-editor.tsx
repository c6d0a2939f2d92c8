import { useTranslation } from 'react-i18next';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Alert from 'antd/es/alert';
import Typography from 'antd/es/typography';
import {
  CELL_RANGE,
  CERTIFICATE_PARTS,
  COMPLIANCE_CELL_FIELDS,
  DATE_FORMATS,
  FIXED_VALUES,
  STAFF_DATE_FIELDS,
  STAFF_TEXT_FIELDS,
  columnLetters,
  parseAddress,
  type CellMapping,
  type StaffExcelLayout,
} from '@bo/shared/schemas/staff-excel';
import type { CertificateType } from '@bo/shared/schemas/staff';
import './i18n.ts';

type MappingType = CellMapping['type'] | 'none';

/** A new mapping of `type` at `cell`, with sensible defaults. */
export function defaultMapping(
  type: CellMapping['type'],
  cell: string,
  certificateTypes: CertificateType[],
  mergeRange: string | null,
): CellMapping {
  switch (type) {
    case 'field':
      return { cell, type, field: 'display_name' };
    case 'date':
      return { cell, type, field: 'birthday', format: 'YYYY-MM-DD' };
    case 'certificate':
      return { cell, type, certificate_type_id: certificateTypes[0]?.id ?? 0, part: 'number', format: 'YYYY-MM-DD' };
    case 'fixed':
      return { cell, type, value: 'organization_name', format: 'YYYY-MM-DD' };
    case 'compliance':
      return { cell, type, field: 'site' };
    case 'photo': {
      if (mergeRange) return { cell, type, range: mergeRange };
      const a = parseAddress(cell);
      return { cell, type, range: `${cell}:${columnLetters(a.col + 1)}${a.row + 5}` };
    }
  }
}

/** A mapping in words, for the grid and the list ("證照：職安 證號"). */
export function useMappingLabel(certificateTypes: CertificateType[]) {
  const { t } = useTranslation('staff-excel');
  return (m: CellMapping): string => {
    switch (m.type) {
      case 'field':
        return `{${t(`fields.${m.field}`)}}`;
      case 'date':
        return `{${t(`fields.${m.field}`)}}`;
      case 'photo':
        return `[${t('types.photo')}]`;
      case 'certificate':
        return `{${certificateTypes.find((c) => c.id === m.certificate_type_id)?.name ?? '?'} ${t(`parts.${m.part}`)}}`;
      case 'fixed':
        return m.value === 'text' ? (m.text ?? '') : `{${t(`fixedValues.${m.value}`)}}`;
      case 'compliance':
        return `{${t(`complianceFields.${m.field}`)}}`;
    }
  };
}

export interface MappingEditorProps {
  cell: string;
  mergeRange: string | null;
  mapping: CellMapping | undefined;
  layout: StaffExcelLayout;
  startRow: number;
  certificateTypes: CertificateType[];
  atLimit: boolean;
  max: number;
  onChange(m: CellMapping | null): void;
  readOnly?: boolean;
}

/** What the selected cell shows: a staff field, a date, the photo, a certificate or fixed content. */
export function MappingEditor({
  cell,
  mergeRange,
  mapping,
  layout,
  startRow,
  certificateTypes,
  atLimit,
  max,
  onChange,
  readOnly,
}: MappingEditorProps) {
  const { t } = useTranslation('staff-excel');
  const row = parseAddress(cell).row;
  const rosterOutside = layout === 'roster' && row !== startRow;
  const type: MappingType = mapping?.type ?? 'none';
  const allowed: MappingType[] = [
    'none',
    ...(rosterOutside ? ['fixed'] : ['field', 'date', 'certificate', 'fixed', 'compliance', ...(layout === 'card' ? ['photo'] : [])]),
  ] as MappingType[];
  const set = (patch: Partial<CellMapping>) => mapping && onChange({ ...mapping, ...patch } as CellMapping);
  const formatSelect = (value: string | undefined) => (
    <Form.Item label={t('dateFormat')} htmlFor="mapping-dateFormat">
      <Select
        id="mapping-dateFormat"
        value={value ?? 'YYYY-MM-DD'}
        onChange={(format) => set({ format } as Partial<CellMapping>)}
        options={DATE_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" disabled={readOnly} data-testid="mapping-editor">
      <Typography.Title level={2} className="section-title" style={{ marginTop: 0 }}>
        {t('selected', { cell })}{' '}
        {mergeRange ? <Typography.Text type="secondary">{t('merged', { range: mergeRange })}</Typography.Text> : null}
      </Typography.Title>
      {rosterOutside ? <Alert type="info" showIcon title={t('rosterFixedOnly')} style={{ marginBottom: 12 }} /> : null}
      {!mapping && atLimit ? <Alert type="warning" showIcon title={t('limitReached', { max })} style={{ marginBottom: 12 }} /> : null}
      <Form.Item label={t('type')} htmlFor="mapping-type">
        <Select
          id="mapping-type"
          value={type}
          data-testid="mapping-type"
          onChange={(v: MappingType) => onChange(v === 'none' ? null : defaultMapping(v, cell, certificateTypes, mergeRange))}
          options={allowed.map((v) => ({ value: v, label: t(`types.${v}`), disabled: v !== 'none' && !mapping && atLimit }))}
        />
      </Form.Item>
      {mapping?.type === 'field' ? (
        <Form.Item label={t('field')} htmlFor="mapping-field">
          <Select
            id="mapping-field"
            value={mapping.field}
            data-testid="mapping-field"
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(field) => set({ field } as Partial<CellMapping>)}
            options={STAFF_TEXT_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) }))}
          />
        </Form.Item>
      ) : null}
      {mapping?.type === 'date' ? (
        <>
          <Form.Item label={t('field')} htmlFor="mapping-field">
            <Select
              id="mapping-field"
              value={mapping.field}
              onChange={(field) => set({ field } as Partial<CellMapping>)}
              options={STAFF_DATE_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) }))}
            />
          </Form.Item>
          {formatSelect(mapping.format)}
        </>
      ) : null}
      {mapping?.type === 'photo' ? (
        <Form.Item
          label={t('photoRange')}
          htmlFor="mapping-photoRange"
          extra={t('photoRangeHint', { example: `${cell}:${columnLetters(parseAddress(cell).col + 1)}${parseAddress(cell).row + 5}` })}
          validateStatus={CELL_RANGE.test(mapping.range) && mapping.range.startsWith(`${cell}:`) ? undefined : 'error'}
        >
          <Input
            id="mapping-photoRange"
            value={mapping.range}
            onChange={(e) => set({ range: e.target.value.toUpperCase().replace(/\s/g, '') } as Partial<CellMapping>)}
          />
        </Form.Item>
      ) : null}
      {mapping?.type === 'certificate' ? (
        <>
          <Form.Item
            label={t('certificateType')}
            htmlFor="mapping-certificateType"
            validateStatus={certificateTypes.some((c) => c.id === mapping.certificate_type_id) ? undefined : 'error'}
          >
            <Select
              id="mapping-certificateType"
              value={mapping.certificate_type_id || undefined}
              onChange={(id) => set({ certificate_type_id: id } as Partial<CellMapping>)}
              options={certificateTypes.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item label={t('certificatePart')} htmlFor="mapping-certificatePart">
            <Select
              id="mapping-certificatePart"
              value={mapping.part}
              onChange={(part) => set({ part } as Partial<CellMapping>)}
              options={CERTIFICATE_PARTS.map((p) => ({ value: p, label: t(`parts.${p}`) }))}
            />
          </Form.Item>
          {mapping.part !== 'number' ? formatSelect(mapping.format) : null}
        </>
      ) : null}
      {mapping?.type === 'fixed' ? (
        <>
          <Form.Item label={t('fixedValue')} htmlFor="mapping-fixedValue">
            <Select
              id="mapping-fixedValue"
              value={mapping.value}
              onChange={(value) => set({ value } as Partial<CellMapping>)}
              options={FIXED_VALUES.map((v) => ({ value: v, label: t(`fixedValues.${v}`) }))}
            />
          </Form.Item>
          {mapping.value === 'text' ? (
            <Form.Item label={t('text')} htmlFor="mapping-text">
              <Input
                id="mapping-text"
                value={mapping.text ?? ''}
                maxLength={500}
                onChange={(e) => set({ text: e.target.value } as Partial<CellMapping>)}
              />
            </Form.Item>
          ) : null}
          {mapping.value === 'export_date' ? formatSelect(mapping.format) : null}
        </>
      ) : null}
      {mapping?.type === 'compliance' ? (
        <Form.Item label={t('field')} htmlFor="mapping-complianceField" extra={t('complianceHint')}>
          <Select
            id="mapping-complianceField"
            value={mapping.field}
            onChange={(field) => set({ field } as Partial<CellMapping>)}
            options={COMPLIANCE_CELL_FIELDS.map((f) => ({ value: f, label: t(`complianceFields.${f}`) }))}
          />
        </Form.Item>
      ) : null}
      {mapping ? (
        <Button danger onClick={() => onChange(null)}>
          {t('removeMapping')}
        </Button>
      ) : null}
    </Form>
  );
}
