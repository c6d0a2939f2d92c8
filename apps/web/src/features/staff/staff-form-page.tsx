import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import DatePicker from 'antd/es/date-picker';
import Button from 'antd/es/button';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { ROLES } from '@bo/shared/permissions';
import {
  BLOOD_TYPES,
  GENDERS,
  STAFF_STATUSES,
  certificateStatus,
  staffFieldRules,
  type Staff,
  type StaffInput,
} from '@bo/shared/schemas/staff';
import { todayInTaipei } from '@bo/shared/dates';
import { errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { useRouteMeta } from '../../lib/route-meta.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { DownloadProgress, useDownloads } from '../../components/download-progress.tsx';
import { ResourceForm } from '../../components/resource/resource-form.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { certificateFile, certificateTypesQuery, staffApi, useStaffFiles } from './api.ts';
import { CertificateStatusTag } from './certificate-status-tag.tsx';
import { CertificateTypesButton } from './certificate-types-modal.tsx';
import { StaffPhoto } from './staff-photo.tsx';
import './i18n.ts';
import './staff.css';

type CertificateRow = NonNullable<StaffInput['certificates']>[number] & { pending_file?: string };
type Values = Omit<StaffInput, 'certificates'> & { certificates: CertificateRow[] };

/** Dates stay YYYY-MM-DD strings in the form; the picker gets dayjs. */
const dateProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};
/** A store-only value bumped when the record changes, so shouldUpdate parts re-render. */
const STAFF_VERSION = '__staff_version';

function toValues(s: Staff): Values {
  return {
    ...s,
    blood_type: s.blood_type as Values['blood_type'],
    certificates: s.certificates.map((c) => ({
      id: c.id,
      certificate_type_id: c.certificate_type_id,
      number: c.number,
      issued_at: c.issued_at,
      expires_at: c.expires_at,
    })),
  } as Values;
}

const ACCEPT_FILES = '.pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/png,image/jpeg,image/gif';

export default function StaffFormPage() {
  const { t } = useTranslation('staff');
  const { t: tr } = useTranslation('resource');
  const { mode } = useRouteMeta();
  const { target } = useParams();
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can(ROLES.staffWrite);
  const downloads = useDownloads();
  const [form] = Form.useForm<Values>();
  const { onError, formError } = useServerFieldErrors(form);
  const one = useQuery(staffApi.one(mode === 'update' ? target : undefined));
  const types = useQuery(certificateTypesQuery());
  const create = staffApi.useCreate();
  const update = staffApi.useUpdate();
  const files = useStaffFiles();
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null);
  /** Scanned files chosen for certificate rows not saved yet, by Form.List key. */
  const pending = useRef(new Map<number, File>());
  const listKeys = useRef<number[]>([]);
  const staff = one.data;

  // The form takes the record when it loads and after a save (new certificates get their ids), not on
  // every refetch, so a file uploaded for one row does not wipe edits in progress elsewhere.
  const loaded = useRef<number | null>(null);
  const staffRef = useRef(staff);
  staffRef.current = staff;
  useEffect(() => {
    if (staff && loaded.current !== staff.id) {
      loaded.current = staff.id;
      form.setFieldsValue(toValues(staff));
    }
    // A changed record (a file added or removed) re-renders the shouldUpdate parts of each row.
    form.setFieldValue(STAFF_VERSION, Date.now());
  }, [staff, form]);

  const typeOptions = useMemo(() => (types.data?.data ?? []).map((ty) => ({ value: ty.id, label: ty.name })), [types.data]);
  const today = todayInTaipei();
  const rule = (k: keyof typeof staffFieldRules) => [schemaRule(staffFieldRules[k])];

  const submit = async (v: Values) => {
    try {
      // The photo has its own buttons; the record's other read-only fields are not sent either.
      const { [STAFF_VERSION]: _version, photo_id: _photo, ...rest } = v as Values & { [STAFF_VERSION]?: number };
      const body = { ...rest, certificates: (v.certificates ?? []).map(({ pending_file: _p, ...c }) => c) };
      const before = new Set(body.certificates.map((c) => c.id).filter(Boolean));
      const saved = (mode === 'create' ? await create.mutateAsync(body) : await update.mutateAsync({ id: Number(target), body })) as Staff;
      // Files chosen for new rows: new certificates come back in the order they were added.
      const rows = form.getFieldValue('certificates') as Values['certificates'];
      const keys = listKeys.current;
      const added = saved.certificates.filter((c) => !before.has(c.id));
      let n = 0;
      for (const [i, row] of (rows ?? []).entries()) {
        if (row.id) continue;
        const cert = added[n++];
        const file = pending.current.get(keys[i] ?? -1);
        if (cert && file) await files.uploadCertificateFile(saved.id, cert.id, file);
      }
      pending.current.clear();
      if (pendingPhoto) await files.uploadPhoto(saved.id, pendingPhoto);
      if (mode === 'update') form.setFieldsValue(toValues(saved));
      setPendingPhoto(null);
      toast.success({ title: mode === 'create' ? tr('created') : tr('saved'), duration: SHELL_TOAST.duration });
      if (mode === 'create') navigate(`/admin/staff/${saved.id}/update`, { replace: true });
    } catch (e) {
      onError(e);
    }
  };

  const uploadFor = async (certificateId: number, file: File) => {
    try {
      await files.uploadCertificateFile(Number(target), certificateId, file);
      toast.success({ title: t('fileUploaded'), duration: SHELL_TOAST.duration });
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    }
  };

  return (
    <div className="page staff-form-page">
      <PageHeader title={staff?.display_name} extra={<Button onClick={() => navigate('/admin/staff')}>{tr('back')}</Button>} />
      <ResourceForm<Values>
        form={form}
        mode={mode ?? 'update'}
        loading={one.isPending}
        loadError={one.error}
        onRetry={() => void one.refetch()}
        submitting={create.isPending || update.isPending}
        formError={formError}
        onCancel={() => navigate('/admin/staff')}
        initialValues={{ status: 'active', certificates: [] } as Partial<Values>}
        onSubmit={submit}
        {...(canWrite ? {} : { disabled: true })}
        testId="staff-form"
        dirty={!!pendingPhoto}
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
            <Form.Item name="national_id" label={t('nationalId')} tooltip={t('nationalIdHint')} rules={rule('national_id')}>
              <Input autoComplete="off" maxLength={10} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="birthday" label={t('birthday')} {...dateProps}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="gender" label={t('gender')}>
              <Select allowClear options={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="blood_type" label={t('bloodType')}>
              <Select allowClear options={BLOOD_TYPES.map((b) => ({ value: b, label: b }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="status" label={t('status')}>
              <Select options={STAFF_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
            </Form.Item>
          </Col>
        </Row>

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
            <Form.Item name="hire_date" label={t('hireDate')} {...dateProps}>
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
        <Form.List name="certificates">
          {(fields, { add, remove }) => {
            listKeys.current = fields.map((f) => f.key);
            return (
              <div data-testid="certificate-rows">
                {fields.map((field) => {
                  return (
                    <div className="staff-cert-row" key={field.key}>
                      <Row gutter={12}>
                        <Form.Item name={[field.name, 'id']} hidden>
                          <Input />
                        </Form.Item>
                        <Col xs={24} md={8}>
                          <Form.Item
                            name={[field.name, 'certificate_type_id']}
                            label={t('certificateType')}
                            rules={[{ required: true, message: t('validate.error.required', { ns: 'common' }) }]}
                          >
                            <Select
                              options={typeOptions}
                              loading={types.isPending}
                              showSearch={{ optionFilterProp: 'label' }}
                              data-testid="certificate-type"
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={6}>
                          <Form.Item name={[field.name, 'number']} label={t('certificateNumber')}>
                            <Input />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={5}>
                          <Form.Item name={[field.name, 'issued_at']} label={t('issuedAt')} {...dateProps}>
                            <DatePicker style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={5}>
                          <Form.Item noStyle shouldUpdate>
                            {() => {
                              const exp = form.getFieldValue(['certificates', field.name, 'expires_at']) as string | null;
                              const st = certificateStatus(exp ?? null, today);
                              return (
                                <Form.Item
                                  name={[field.name, 'expires_at']}
                                  label={
                                    <Flex gap={4} align="center">
                                      {t('expiresAt')}
                                      {exp ? <CertificateStatusTag status={st} /> : null}
                                    </Flex>
                                  }
                                  {...dateProps}
                                >
                                  <DatePicker
                                    style={{ width: '100%' }}
                                    status={st === 'expired' ? 'error' : st === 'expiring' ? 'warning' : undefined}
                                  />
                                </Form.Item>
                              );
                            }}
                          </Form.Item>
                        </Col>
                      </Row>
                      {/* shouldUpdate: a file picked for an unsaved row is noted in the form store, which re-renders this part. */}
                      <Form.Item noStyle shouldUpdate>
                        {() => {
                          const row = form.getFieldValue(['certificates', field.name]) as CertificateRow | undefined;
                          const staff = staffRef.current;
                          const saved = row?.id ? staff?.certificates.find((c) => c.id === row.id) : undefined;
                          const file = row?.pending_file ? pending.current.get(field.key) : undefined;
                          return (
                            <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
                              <Typography.Text type="secondary">
                                <PaperClipOutlined /> {t('scannedFile')}:
                              </Typography.Text>
                              {saved?.has_file ? (
                                <>
                                  <Button
                                    size="small"
                                    type="link"
                                    disabled={downloads.busy}
                                    onClick={() =>
                                      void downloads.run(saved.file_name ?? t('downloadFile'), (onProgress) =>
                                        certificateFile(staff!.id, saved.id, onProgress),
                                      )
                                    }
                                  >
                                    {saved.file_name ?? t('downloadFile')}
                                  </Button>
                                  {canWrite ? (
                                    <Button size="small" onClick={() => void files.removeCertificateFile(staff!.id, saved.id)}>
                                      {t('removeFile')}
                                    </Button>
                                  ) : null}
                                </>
                              ) : file ? (
                                <Typography.Text>{t('filePending', { name: file.name })}</Typography.Text>
                              ) : null}
                              {canWrite ? (
                                <Upload
                                  accept={ACCEPT_FILES}
                                  showUploadList={false}
                                  beforeUpload={(f) => {
                                    if (saved) void uploadFor(saved.id, f);
                                    else {
                                      pending.current.set(field.key, f);
                                      // Through the form store, so the shouldUpdate part renders the pending name.
                                      form.setFieldValue(['certificates', field.name, 'pending_file'], f.name);
                                    }
                                    return false;
                                  }}
                                >
                                  <Button size="small">{saved?.has_file ? t('replaceFile') : t('uploadFile')}</Button>
                                </Upload>
                              ) : null}
                              {!saved ? (
                                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                                  {t('fileTypes')}
                                </Typography.Text>
                              ) : null}
                              {canWrite ? (
                                <Button
                                  size="small"
                                  danger
                                  icon={<DeleteOutlined />}
                                  style={{ marginLeft: 'auto' }}
                                  onClick={() => {
                                    pending.current.delete(field.key);
                                    remove(field.name);
                                  }}
                                >
                                  {t('removeCertificate')}
                                </Button>
                              ) : null}
                            </Flex>
                          );
                        }}
                      </Form.Item>
                    </div>
                  );
                })}
                {canWrite ? (
                  <Flex gap={8} wrap>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({ certificate_type_id: typeOptions[0]?.value })}
                      data-testid="certificate-add"
                    >
                      {t('addCertificate')}
                    </Button>
                    <CertificateTypesButton canWrite={canWrite} />
                  </Flex>
                ) : null}
              </div>
            );
          }}
        </Form.List>
      </ResourceForm>
      <DownloadProgress jobs={downloads.jobs} />
    </div>
  );
}
