import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Skeleton from 'antd/es/skeleton';
import Radio from 'antd/es/radio';
import type { DateCalendar } from '@bo/shared/dates';
import { errorText } from '../../lib/api-client.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { profileUpdateBody } from '@bo/shared/schemas/account';
import { applyServerErrors, schemaRule } from '../../components/resource/field-rules.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { EmailChangeCard } from './email-change-card.tsx';
import { LinkedAccounts } from './linked-accounts.tsx';
import { LoginDevices } from './login-devices.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import { RoleTags } from './overview-page.tsx';
import { profileQuery, useUpdateProfile } from './api.ts';

export default function ProfilePage() {
  const { t } = useTranslation();
  const q = useQuery(profileQuery());
  const update = useUpdateProfile();
  const [form] = Form.useForm<{ name: string; date_calendar: DateCalendar }>();
  const [edited, setEdited] = useState(false);
  const unsaved = useUnsavedChanges(edited);
  useEffect(() => {
    if (q.data) form.setFieldsValue({ name: q.data.name, date_calendar: q.data.date_calendar });
  }, [q.data, form]);
  return (
    <div className="page profile-page">
      <PageHeader />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('profile.basic')}>
            {q.isPending ? (
              <Skeleton active />
            ) : q.isError ? (
              <ErrorState error={q.error} onRetry={() => void q.refetch()} />
            ) : (
              <Form
                form={form}
                layout="vertical"
                requiredMark={false}
                disabled={update.isPending}
                onValuesChange={() => setEdited(true)}
                onFinish={async (v) => {
                  try {
                    await unsaved.whileSaving(() => update.mutateAsync({ name: v.name.trim(), date_calendar: v.date_calendar }));
                    setEdited(false);
                    toast.success({ title: t('profile.saved'), duration: SHELL_TOAST.duration });
                  } catch (e) {
                    if (!applyServerErrors(form, e)) toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
                  }
                }}
              >
                <Form.Item label={t('profile.email')} htmlFor="profile-email">
                  <Input id="profile-email" value={q.data.email} disabled />
                </Form.Item>
                <Form.Item name="name" label={t('profile.name')} rules={[schemaRule(profileUpdateBody.shape.name.unwrap())]}>
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name="date_calendar" label={t('profile.dateCalendar')} extra={t('profile.dateCalendarHelp')}>
                  <Radio.Group
                    data-testid="profile-date-calendar"
                    options={(['gregorian', 'roc'] as const).map((c) => ({ value: c, label: t(`profile.calendars.${c}`) }))}
                  />
                </Form.Item>
                <Form.Item label={t('overview.roles')}>
                  <RoleTags roles={[...q.data.roles, ...q.data.sub_account_roles]} />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={update.isPending}>
                  {t('profile.save')}
                </Button>
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('profile.password')}>
            <ChangePasswordForm onDone={() => toast.success({ title: t('profile.passwordChanged'), duration: SHELL_TOAST.duration })} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('emailChange.title', { ns: 'identity' })}>
            {q.data ? <EmailChangeCard profile={q.data} /> : <Skeleton active />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('linked.title', { ns: 'identity' })}>
            <LinkedAccounts />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('card.title', { ns: 'two-factor' })}>{q.data ? <TwoFactorCard email={q.data.email} /> : <Skeleton active />}</Card>
        </Col>
        <Col span={24}>
          <Card title={t('devices.title')}>
            <LoginDevices />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
