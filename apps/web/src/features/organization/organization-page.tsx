import { useRecordVersion } from '../../components/resource/use-record-version.tsx';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Card from 'antd/es/card';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import { ownOrganizationInput, organizationLabel } from '@bo/shared/schemas/organization';
import { api } from '../../lib/api-client.ts';
import { loadOrganizations, useActiveOrganization } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ResourceForm } from '../../components/resource/resource-form.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { OrganizationMembers } from './organization-members.tsx';
import { CertificateCompliance, CertificateReminders } from './certificate-reminders.tsx';
import { EditLeaseBanner } from '../../components/edit-lease/edit-lease-banner.tsx';
import { useEditLease } from '../../components/edit-lease/use-edit-lease.ts';
import './i18n.ts';

interface OwnOrganization {
  id: number;
  uid: string;
  name: string;
  company_id: string | null;
  status: string;
}
interface Values {
  name: string;
  company_id: string | null;
}

/** Edit own organization (spec section 2 "organization"): the active organization only. */
export default function OrganizationPage() {
  const { t } = useTranslation('organization');
  const { organization } = useActiveOrganization();
  const qc = useQueryClient();
  const id = organization?.id;
  const [form] = Form.useForm<Values>();
  const { onError, formError } = useServerFieldErrors(form);
  const q = useQuery({
    queryKey: ['account', 'organization', id],
    queryFn: () => api.get<OwnOrganization>(`/api/admin/account/organization/${id}`, null, { organization: true }),
    enabled: !!id,
  });
  const version = useRecordVersion<OwnOrganization, Values>({
    form,
    record: q.data,
    toValues: (o) => ({ name: o.name, company_id: o.company_id }),
    target: id ? { type: 'organization', id } : null,
    refetch: async () => (await q.refetch()).data,
    resubmit: () => form.submit(),
  });
  // Issue 36: the organization's edit lease, one for both forms of the page (its name and its reminder
  // settings are the same record): a save of either ends it, an edit of either takes it again.
  const lease = useEditLease(q.data ? { targetType: 'organization', id, organization: true } : null);
  const save = useMutation({
    mutationFn: (v: Values) =>
      api.put<OwnOrganization>(
        `/api/admin/account/organization/${id}`,
        { name: v.name, company_id: v.company_id || null },
        { organization: true, version: version.version() },
      ),
    onSuccess: (o) => {
      qc.setQueryData(['account', 'organization', id], o);
      version.saved(o);
      void qc.invalidateQueries({ queryKey: ['account', 'organization', id], exact: true });
      void qc.invalidateQueries({ queryKey: ['certificate-reminder', 'settings', id] });
      void qc.invalidateQueries({ queryKey: ['account', 'organizations'] });
      // The header shows the organization as "name (company_id)": follow the change.
      void loadOrganizations(null);
    },
  });

  if (!id)
    return (
      <div className="page">
        <PageHeader />
        <Card>
          <EmptyState description={t('none')} />
        </Card>
      </div>
    );
  return (
    <div className="page organization-page">
      <PageHeader subtitle={q.data ? organizationLabel(q.data) : undefined} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ResourceForm<Values>
            form={form}
            mode="update"
            loading={q.isPending}
            loadError={q.error}
            loadFailed={q.isError}
            onRetry={() => void q.refetch()}
            submitting={save.isPending}
            formError={formError}
            onSubmit={async (v) => {
              try {
                await save.mutateAsync(v);
                lease.saved();
                toast.success({ title: t('saved'), duration: SHELL_TOAST.duration });
              } catch (e) {
                if (!version.handleError(e)) onError(e);
              }
            }}
            onValuesChange={() => lease.touched()}
            notice={
              <>
                <EditLeaseBanner lease={lease} />
                {version.notice}
              </>
            }
          >
            <Form.Item name="name" label={t('name')} required rules={[schemaRule(ownOrganizationInput.shape.name)]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="company_id" label={t('companyId')} rules={[schemaRule(ownOrganizationInput.shape.company_id)]}>
              <Input maxLength={50} />
            </Form.Item>
          </ResourceForm>
        </Col>
        <Col xs={24} xl={12}>
          <CertificateCompliance organizationId={id} />
        </Col>
        <Col span={24}>
          <OrganizationMembers organizationId={id} />
        </Col>
        <Col span={24}>
          <CertificateReminders organizationId={id} lease={lease} />
        </Col>
      </Row>
    </div>
  );
}
