import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import DatePicker from 'antd/es/date-picker';
import Button from 'antd/es/button';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import { ROLES } from '@bo/shared/permissions';
import { PERSONAL_DATA_RECORDED } from '@bo/shared/personal-data';
import {
  BLOOD_TYPES,
  GENDERS,
  STAFF_STATUSES,
  staffFieldRules,
  staffInput,
  type Staff,
  type StaffInput,
  type StaffListItem,
} from '@bo/shared/schemas/staff';
import { PageHeader } from '../../components/page-header.tsx';
import { RecordSections } from '../../components/record-sections.tsx';
import { HistoryPanel, versionOf } from '../../components/history/history-panel.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { ResourceForm } from '../../components/resource/resource-form.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { dateStringProps } from '../../components/resource/date-string-props.ts';
import { useResourceForm } from '../../components/resource/use-resource-form.ts';
import { staffApi, toInput, useStaffFiles } from './api.ts';
import { StaffCompanyFields } from './staff-company-fields.tsx';
import { type CertificateRow, CertificateRows, useNewRowFiles } from './certificate-rows.tsx';
import { StaffPhoto } from './staff-photo.tsx';
import { RevealField } from './reveal-field.tsx';
import { PersonalRightsButton } from './personal-rights.tsx';
import { useSession } from '../../lib/session.ts';
import './i18n.ts';
import './staff.css';

type Values = Omit<StaffInput, 'certificates'> & { certificates: CertificateRow[] };

/** A store-only value bumped when the record changes, so shouldUpdate parts re-render. */
const STAFF_VERSION = '__staff_version';

const toValues = (s: Staff) => ({ ...s, ...toInput(s) }) as Values;

/** The photo has its own buttons; the record's other read-only fields are not sent either. */
function toBody(v: Values): StaffInput {
  const { [STAFF_VERSION]: _version, photo_id: _photo, ...rest } = v as Values & { [STAFF_VERSION]?: number };
  return { ...rest, certificates: (v.certificates ?? []).map(({ pending_file: _p, ...c }) => c) };
}

/** /admin/staff/create and /admin/staff/{id}/update: a staff, the photo and the certificates with their scanned files. */
export default function StaffFormPage() {
  const { t } = useTranslation('staff');
  const downloads = useDownloads();
  const files = useStaffFiles();
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null);
  const newRowFiles = useNewRowFiles();
  // The form takes the record when it loads and after a save (new certificates get their ids), not on
  // every refetch, so a file uploaded for one row does not wipe edits in progress elsewhere.
  const rf = useResourceForm<Staff, Values, StaffInput, StaffListItem>({
    api: staffApi,
    basePath: '/admin/staff',
    writeRoles: ROLES.staffWrite,
    toValues,
    toBody,
    keepEdits: true,
    afterSave: async (saved, values) => {
      const before = new Set((values.certificates ?? []).map((c) => c.id).filter(Boolean));
      await newRowFiles.uploadAfterSave(saved, before, rf.form.getFieldValue('certificates') as Values['certificates']);
      if (pendingPhoto) await files.uploadPhoto(saved.id, pendingPhoto);
      setPendingPhoto(null);
    },
  });
  const { form, canWrite } = rf;
  const { can } = useSession();
  const canReveal = can(ROLES.personalDataReveal);
  // Issue 37: the person's copy, correction and erasure, for the roles their routes accept.
  const canRights = can(ROLES.organizationAdmin);
  const queryClient = useQueryClient();
  const staff = rf.record ?? undefined;
  const staffRef = useRef(staff);
  staffRef.current = staff;
  useEffect(() => {
    // A changed record (a file added or removed) re-renders the shouldUpdate parts of each row.
    if (staff) form.setFieldValue(STAFF_VERSION, Date.now());
  }, [staff, form]);
  const rule = (k: keyof typeof staffFieldRules) => [schemaRule(staffFieldRules[k])];
  /** After a correction or an erasure: the record as it is now, in the form and in its history. */
  const retake = async () => {
    const fresh = (await rf.query.refetch()).data;
    if (fresh) rf.takeRecord(fresh);
    await queryClient.invalidateQueries({ queryKey: ['history', 'staff', staff?.id] });
  };

  return (
    <div className="page staff-form-page">
      <PageHeader
        title={staff?.display_name}
        extra={
          <Flex gap={8} wrap>
            {staff && canRights ? <PersonalRightsButton staff={staff} downloads={downloads} onChanged={retake} /> : null}
            {staff ? (
              <HistoryPanel<Staff>
                targetType="staff"
                id={staff.id}
                version={versionOf(staff)}
                organization
                canRestore={canWrite}
                invalidate={staffApi.keys.all}
                onRestored={rf.takeRecord}
              />
            ) : null}
            <Button onClick={rf.back}>{t('back', { ns: 'resource' })}</Button>
          </Flex>
        }
      />
      <ResourceForm<Values>
        {...rf.formProps}
        initialValues={{ status: 'active', nationality: 'TW', contractor_id: null, certificates: [] } as Partial<Values>}
        testId="staff-form"
        dirty={!!pendingPhoto}
        lease={{ targetType: 'staff', id: rf.target, organization: true }}
      >
        <Divider titlePlacement="start">{t('photo')}</Divider>
        <StaffPhoto staff={staff} canWrite={canWrite} pending={pendingPhoto} onPending={setPendingPhoto} />

        <Divider titlePlacement="start">{t('basic')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('name')} rules={rule('name')} required>
              <Input autoComplete="off" data-testid="staff-name-input" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nickname" label={t('nickname')} rules={rule('nickname')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="national_id"
              label={t('nationalId')}
              tooltip={t('nationalIdHint')}
              rules={[schemaRule(staffInput.shape.national_id)]}
              extra={
                canReveal && staff?.national_id ? (
                  <RevealField key={staff.id} staffId={staff.id} field="national_id" masked={staff.national_id} />
                ) : undefined
              }
            >
              <Input autoComplete="off" maxLength={10} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="birthday" label={t('birthday')} {...dateStringProps}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="gender" label={t('gender')}>
              <Select allowClear options={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="blood_type"
              label={t('bloodType')}
              extra={
                canReveal && staff?.blood_type ? (
                  <RevealField key={staff.id} staffId={staff.id} field="blood_type" masked={t('reveal.recorded')} />
                ) : undefined
              }
            >
              <Select
                allowClear
                options={[
                  // A stored blood type is never sent: the form keeps it by sending back 「已記錄」.
                  ...(staff?.blood_type === PERSONAL_DATA_RECORDED
                    ? [{ value: PERSONAL_DATA_RECORDED, label: t('bloodTypeRecorded') }]
                    : []),
                  ...BLOOD_TYPES.map((b) => ({ value: b, label: b })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="status" label={t('status')}>
              <Select options={STAFF_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
            </Form.Item>
          </Col>
        </Row>

        <StaffCompanyFields form={form} />

        <Divider titlePlacement="start">{t('contact')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="mobile" label={t('mobile')} tooltip={t('mobileHint')} rules={rule('mobile')}>
              <Input inputMode="tel" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('email')} rules={rule('email')}>
              <Input inputMode="email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={t('address')} rules={rule('address')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="emergency_contact" label={t('emergencyContact')} rules={rule('emergency_contact')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="emergency_phone" label={t('emergencyPhone')} rules={rule('emergency_phone')}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('work')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="job_title" label={t('jobTitle')} rules={rule('job_title')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="hire_date" label={t('hireDate')} {...dateStringProps}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="notes" label={t('notes')} rules={rule('notes')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('certificates')}</Divider>
        <CertificateRows form={form} staffRef={staffRef} newRowFiles={newRowFiles} canWrite={canWrite} downloads={downloads} />
      </ResourceForm>
      {/* Issue 38: what other features add to a staff record (its evidence), each part saved on its own. */}
      {staff ? <RecordSections target="staff" record={staff as Staff & { id: number }} canWrite={canWrite} /> : null}
      <DownloadProgress jobs={downloads.jobs} />
    </div>
  );
}
