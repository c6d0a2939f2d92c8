import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Form, { type FormInstance } from 'antd/es/form';
import Select from 'antd/es/select';
import DatePicker from 'antd/es/date-picker';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import { isMigrant } from '@bo/shared/compliance/vocabulary';
import { staffFieldRules } from '@bo/shared/schemas/staff';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { dateStringProps } from '../../components/resource/date-string-props.ts';
import { staffContractorsQuery } from './api.ts';
import { NATIONALITIES } from './i18n-company.ts';

/**
 * Issue 38: whose worker the staff is (the organization's own, or a 協力廠商's), the nationality and, for
 * a migrant worker, the entry date. The departure report is kept in the form (hidden) so a save keeps it.
 */
export function StaffCompanyFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation('staff');
  const contractors = useQuery(staffContractorsQuery());
  const nationality = Form.useWatch('nationality', form) as string | undefined;
  const current = nationality?.toUpperCase();
  const nationalityOptions = [
    ...NATIONALITIES.map((n) => ({ value: n, label: t(`nationalities.${n}`) })),
    ...(current && !(NATIONALITIES as readonly string[]).includes(current) ? [{ value: current, label: current }] : []),
  ];
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="contractor_id" label={t('company')} extra={t('companyHint')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('ownCompany')}
            loading={contractors.isPending}
            options={(contractors.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="staff-company"
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="nationality"
          label={t('nationality')}
          tooltip={t('nationalityHint')}
          rules={[schemaRule(staffFieldRules.nationality)]}
        >
          <Select showSearch optionFilterProp="label" options={nationalityOptions} data-testid="staff-nationality" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="entered_taiwan_on"
          label={t('enteredTaiwanOn')}
          tooltip={t('enteredTaiwanOnHint')}
          hidden={!isMigrant(current)}
          {...dateStringProps}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Form.Item name="departure_reported_on" hidden {...dateStringProps}>
        <DatePicker />
      </Form.Item>
    </Row>
  );
}
