import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import AntApp from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import DatePicker from 'antd/es/date-picker';
import Dropdown from 'antd/es/dropdown';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import {
  CORRECTABLE_FIELDS,
  type CorrectableField,
  ERASURE_ERASABLE_FIELDS,
  ERASURE_ROSTER_FIELDS,
  type ErasureResponse,
  REQUEST_REASON_MAX,
} from '@bo/shared/schemas/personal-data';
import { BLOOD_TYPES, GENDERS, type Staff, staffFieldRules } from '@bo/shared/schemas/staff';
import { api, errorText } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { dateStringProps } from '../../components/resource/date-string-props.ts';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { versionOf } from '../../components/resource/record-version.ts';
import type { useDownloads } from '../../components/download-progress.tsx';
import './i18n.ts';
import './i18n-rights.ts';

const BASE = '/api/admin/organization/personal-data/staff';

/** The staff form's label key of each field a request names. */
const LABEL: Record<string, string> = {
  name: 'name',
  nickname: 'nickname',
  national_id: 'nationalId',
  birthday: 'birthday',
  gender: 'gender',
  mobile: 'mobile',
  email: 'email',
  address: 'address',
  emergency_contact: 'emergencyContact',
  emergency_phone: 'emergencyPhone',
  blood_type: 'bloodType',
  notes: 'notes',
  photo: 'photo',
};
/** Sealed values the record shows masked: never prefilled (a mask is no value to send back). */
const SEALED = new Set<string>(['national_id', 'blood_type']);

type Action = 'copy' | 'correct' | 'erase';

/** The calls of a person's rights over their staff record (docs/personal-data.md "Your copy, correction and erasure"). */
export const personalRightsApi = {
  copy: (id: number, reason: string, onProgress: (p: number) => void) =>
    api.download(`${BASE}/${id}/copy`, { reason }, { method: 'GET', organization: true, onProgress }),
  correct: (staff: Staff, changes: Partial<Record<CorrectableField, unknown>>, reason: string) =>
    api.put<{ staff_id: number; changed: string[] }>(
      `${BASE}/${staff.id}/correction`,
      { changes, reason },
      { organization: true, version: versionOf(staff) },
    ),
  erase: (staff: Staff, reason: string) =>
    api.post<ErasureResponse>(`${BASE}/${staff.id}/erasure`, { reason }, { organization: true, version: versionOf(staff) }),
};

/**
 * 「個資權利」 on a staff record (個資法 §3, §11): the person's copy as a workbook, a correction, an
 * erasure; each asks the reason (who asked, how) the audit entry keeps. Shown to the roles the routes
 * accept (the organization's admin, a super admin); `onChanged` takes the record again after a change.
 */
export function PersonalRightsButton({
  staff,
  downloads,
  onChanged,
}: {
  staff: Staff;
  downloads: ReturnType<typeof useDownloads>;
  onChanged: () => Promise<void> | void;
}) {
  const { t } = useTranslation('staff-rights');
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  return (
    // A read-only form disables its controls through the context: these requests are not the form's edits.
    <ConfigProvider componentDisabled={false}>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'copy', label: t('copy.action'), disabled: downloads.busy },
            { key: 'correct', label: t('correct.action') },
            { key: 'erase', label: t('erase.action'), danger: true },
          ],
          onClick: ({ key }) => setOpen(key as Action),
        }}
      >
        <Button icon={<SafetyCertificateOutlined />} data-testid="personal-rights">
          {t('action')}
        </Button>
      </Dropdown>
      {open === 'copy' ? <CopyDialog staff={staff} downloads={downloads} onDone={close} /> : null}
      {open === 'correct' ? <CorrectDialog staff={staff} onChanged={onChanged} onDone={close} /> : null}
      {open === 'erase' ? <EraseDialog staff={staff} onChanged={onChanged} onDone={close} /> : null}
    </ConfigProvider>
  );
}

function ReasonItem() {
  const { t } = useTranslation('staff-rights');
  return (
    <Form.Item
      name="reason"
      label={t('reason')}
      extra={t('reasonHint')}
      rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
    >
      <Input.TextArea
        autoSize={{ minRows: 2, maxRows: 4 }}
        maxLength={REQUEST_REASON_MAX}
        placeholder={t('reasonPlaceholder')}
        data-testid="rights-reason"
      />
    </Form.Item>
  );
}

function CopyDialog({ staff, downloads, onDone }: { staff: Staff; downloads: ReturnType<typeof useDownloads>; onDone: () => void }) {
  const { t } = useTranslation('staff-rights');
  const [form] = Form.useForm<{ reason: string }>();
  const submit = ({ reason }: { reason: string }) => {
    onDone();
    void downloads.run(t('copy.label', { name: staff.name }), (p) => personalRightsApi.copy(staff.id, reason.trim(), p), {
      failed: t('copy.failed'),
    });
  };
  return (
    <Modal
      open
      title={t('copy.title', { name: staff.name })}
      okText={t('copy.ok')}
      onOk={() => form.submit()}
      onCancel={onDone}
      destroyOnHidden
      data-testid="rights-copy-dialog"
    >
      <Typography.Paragraph type="secondary">{t('copy.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <ReasonItem />
      </Form>
    </Modal>
  );
}

function CorrectDialog({ staff, onChanged, onDone }: { staff: Staff; onChanged: () => Promise<void> | void; onDone: () => void }) {
  const { t } = useTranslation('staff-rights');
  const { t: ts } = useTranslation('staff');
  const [form] = Form.useForm<Record<string, unknown>>();
  const { onError, formError } = useServerFieldErrors(form);
  const [busy, setBusy] = useState(false);
  const fields = (Form.useWatch('fields', form) as CorrectableField[] | undefined) ?? [];
  const current = staff as unknown as Record<string, unknown>;

  const submit = async (v: Record<string, unknown>) => {
    const changes = Object.fromEntries(
      fields.map((f) => {
        const value = typeof v[f] === 'string' ? (v[f] as string).trim() : v[f];
        return [f, value === '' || value === undefined ? null : f === 'national_id' ? String(value).toUpperCase() : value];
      }),
    );
    setBusy(true);
    try {
      const res = await personalRightsApi.correct(staff, changes, String(v.reason).trim());
      toast.success({ title: res.changed.length ? t('correct.done', { count: res.changed.length }) : t('correct.unchanged') });
      onDone();
      await onChanged();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  const input = (f: CorrectableField) => {
    if (f === 'gender') return <Select allowClear options={GENDERS.map((g) => ({ value: g, label: ts(`genders.${g}`) }))} />;
    if (f === 'blood_type') return <Select allowClear options={BLOOD_TYPES.map((b) => ({ value: b, label: b }))} />;
    if (f === 'birthday') return <DatePicker style={{ width: '100%' }} />;
    return <Input autoComplete="off" data-testid={`rights-correct-${f}`} />;
  };

  return (
    <Modal
      open
      title={t('correct.title', { name: staff.name })}
      okText={t('correct.ok')}
      okButtonProps={{ loading: busy, disabled: !fields.length }}
      onOk={() => form.submit()}
      onCancel={onDone}
      destroyOnHidden
      data-testid="rights-correct-dialog"
    >
      <Typography.Paragraph type="secondary">{t('correct.intro')}</Typography.Paragraph>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        requiredMark={false}
        initialValues={Object.fromEntries(CORRECTABLE_FIELDS.filter((f) => !SEALED.has(f)).map((f) => [f, current[f] ?? undefined]))}
      >
        <Form.Item name="fields" label={t('correct.fields')} rules={[{ required: true, message: t('correct.fieldsRequired') }]}>
          <Select
            mode="multiple"
            options={CORRECTABLE_FIELDS.map((f) => ({ value: f, label: ts(LABEL[f]!) }))}
            data-testid="rights-correct-fields"
          />
        </Form.Item>
        {fields.map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={ts(LABEL[f]!)}
            extra={SEALED.has(f) ? t('correct.sealed') : undefined}
            rules={[schemaRule(staffFieldRules[f])]}
            {...(f === 'birthday' ? dateStringProps : {})}
          >
            {input(f)}
          </Form.Item>
        ))}
        <ReasonItem />
      </Form>
    </Modal>
  );
}

function EraseDialog({ staff, onChanged, onDone }: { staff: Staff; onChanged: () => Promise<void> | void; onDone: () => void }) {
  const { t } = useTranslation('staff-rights');
  const { t: ts } = useTranslation('staff');
  const { modal } = AntApp.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const names = (fields: readonly string[]) => fields.map((f) => ts(LABEL[f] ?? f)).join(t('separator'));

  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      const res = await personalRightsApi.erase(staff, reason.trim());
      onDone();
      modal.info({
        title: res.anonymised ? t('erase.anonymised') : t('erase.done'),
        content: (
          <div data-testid="rights-erase-result">
            {res.erased.length ? <p>{t('erase.erasedList', { fields: names(res.erased) })}</p> : <p>{t('erase.nothing')}</p>}
            {res.kept.length ? (
              <p>
                {t('erase.keptList', { fields: names(res.kept.map((k) => k.field)) })}{' '}
                {res.kept[0]!.until ? t('erase.keptUntil', { day: res.kept[0]!.until }) : t('erase.keptWhileEmployed')}（
                {res.kept[0]!.citation}）
              </p>
            ) : null}
          </div>
        ),
      });
      await onChanged();
    } catch (e) {
      toast.error({ title: t('erase.failed'), description: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('erase.title', { name: staff.name })}
      okText={t('erase.ok')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => form.submit()}
      onCancel={onDone}
      destroyOnHidden
      data-testid="rights-erase-dialog"
    >
      <Alert
        type="warning"
        showIcon
        title={t('erase.cannotUndo')}
        description={
          <div data-testid="rights-erase-what">
            <p>
              <Typography.Text strong>{t('erase.goes')}</Typography.Text>
              {names(ERASURE_ERASABLE_FIELDS)}
            </p>
            <p>
              <Typography.Text strong>{t('erase.kept')}</Typography.Text>
              {names(['name', ...ERASURE_ROSTER_FIELDS])}
              {t('erase.keptWhy')}
            </p>
            <p>{t('erase.pastPeriod')}</p>
          </div>
        }
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <ReasonItem />
      </Form>
    </Modal>
  );
}
