import { useEffect, useState } from 'react';
import { versionOf } from '../../components/resource/record-version.ts';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Grid from 'antd/es/grid';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { SUB_ACCOUNT_ROLES } from '@bo/shared/roles';
import { memberAddInput, memberInviteInput } from '@bo/shared/schemas/organization-members';
import { formatDateTime } from '../../i18n/dates.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { RoleTags, roleLabel } from '../../components/resource/role-tags.tsx';
import { useConfirmDestructive } from '../../components/resource/use-confirm.tsx';
import { useServerFieldErrors } from '../../components/resource/use-server-field-errors.ts';
import { membersQuery, useMemberMutations, type Member } from './api.ts';
import { InvitationState } from './invitation-state.tsx';
import './i18n.ts';
import { usePasswordMailNotice } from '../../components/identity/password-mail-notice.tsx';

type Dialog = { kind: 'invite' } | { kind: 'add' } | { kind: 'roles'; member: Member } | null;
interface DialogValues {
  email?: string;
  name?: string;
  sub_account_roles: string[];
}

const roleOptions = () => SUB_ACCOUNT_ROLES.map((r) => ({ value: r, label: roleLabel(r) }));

/**
 * Members of the active organization (issue 14, point 2): invite a colleague (one-time password shown
 * once), add an existing account by e-mail, change sub-account roles, remove. The server decides who may.
 */
export function OrganizationMembers({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation('organization');
  const { payload } = useSession();
  const confirm = useConfirmDestructive();
  const q = useQuery(membersQuery(organizationId));
  const m = useMemberMutations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<DialogValues>();
  const { onError, formError } = useServerFieldErrors(form);
  const selfId = payload?.data.id;
  // On a phone a member is one stacked cell (name, e-mail, roles, actions): no column goes off screen.
  const narrow = !Grid.useBreakpoint().md;

  const open = (d: NonNullable<Dialog>) => setDialog(d);
  // After the dialog renders its form (no forceRender: a hidden dialog would take Escape from every drawer).
  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    form.setFieldsValue({ sub_account_roles: dialog.kind === 'roles' ? dialog.member.sub_account_roles : ['SUB_ACCOUNT_ROLE_STAFF_READ'] });
  }, [dialog, form]);

  const mailNotice = usePasswordMailNotice();

  const submit = async (v: DialogValues) => {
    if (!dialog) return;
    try {
      const roles = v.sub_account_roles ?? [];
      if (dialog.kind === 'invite') {
        const r = await m.invite.mutateAsync({ email: v.email!.trim(), name: v.name!.trim(), sub_account_roles: roles });
        setDialog(null);
        mailNotice('invite', r.member.name || r.member.email, r.invitation);
      } else if (dialog.kind === 'add') {
        const r = await m.add.mutateAsync({ email: v.email!.trim(), sub_account_roles: roles });
        setDialog(null);
        toast.success({ title: t('added', { name: r.name || r.email }), duration: SHELL_TOAST.duration });
      } else {
        await m.setRoles.mutateAsync({ id: dialog.member.admin_id, sub_account_roles: roles, version: versionOf(dialog.member) });
        setDialog(null);
        toast.success({ title: t('saved'), duration: SHELL_TOAST.duration });
      }
    } catch (e) {
      onError(e);
    }
  };

  const remove = async (member: Member) => {
    const ok = await confirm({
      title: t('removeTitle'),
      items: [`${member.name} <${member.email}>`],
      itemsLabel: t('removeLabel'),
      okText: t('remove'),
      note: t('removeNote'),
    });
    if (!ok) return;
    try {
      await m.remove.mutateAsync({ id: member.admin_id, version: versionOf(member) });
      toast.success({ title: t('removed', { name: member.name || member.email }), duration: SHELL_TOAST.duration });
    } catch (e) {
      onError(e);
    }
  };

  const resend = async (member: Member) => {
    try {
      const sent = await m.resend.mutateAsync(member.admin_id);
      mailNotice('resend', member.name || member.email, sent);
    } catch (e) {
      onError(e);
    }
  };

  const busy = m.invite.isPending || m.add.isPending || m.setRoles.isPending;
  const who = (r: Member) => (
    <Flex vertical gap={2}>
      <Link to={`/admin/admin/${r.admin_id}/update`}>{r.name || r.email}</Link>
      <Typography.Text type="secondary" className="member-email">
        {r.email}
      </Typography.Text>
    </Flex>
  );
  const roles = (r: Member) => (
    <Flex gap={4} wrap>
      <RoleTags roles={r.sub_account_roles} empty={t('noRoles')} />
      {r.status === 'disabled' ? <Tag>{t('disabled')}</Tag> : null}
      {!r.has_change_default_password ? <Tag color="orange">{t('initialPassword')}</Tag> : null}
      {r.invitation && r.invitation.state !== 'accepted' ? <InvitationState invitation={r.invitation} /> : null}
    </Flex>
  );
  const actions = (r: Member) => (
    <Flex gap={4} wrap>
      <Button size="small" onClick={() => open({ kind: 'roles', member: r })} aria-label={t('editRolesOf', { name: r.name || r.email })}>
        {t('editRoles')}
      </Button>
      {r.invitation && r.invitation.state !== 'accepted' ? (
        <Button
          size="small"
          loading={m.resend.isPending && m.resend.variables === r.admin_id}
          onClick={() => void resend(r)}
          aria-label={t('resendOf', { name: r.name || r.email })}
          data-testid="member-resend"
        >
          {t('resend')}
        </Button>
      ) : null}
      {r.admin_id !== selfId ? (
        <Button size="small" danger onClick={() => void remove(r)} aria-label={t('removeOf', { name: r.name || r.email })}>
          {t('remove')}
        </Button>
      ) : null}
    </Flex>
  );
  return (
    <Card title={t('members')} className="organization-members">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Button icon={<MailOutlined />} type="primary" onClick={() => open({ kind: 'invite' })} data-testid="member-invite">
          {t('invite')}
        </Button>
        <Button icon={<UserAddOutlined />} onClick={() => open({ kind: 'add' })} data-testid="member-add">
          {t('addExisting')}
        </Button>
      </Flex>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Table<Member>
          rowKey="admin_id"
          size="small"
          pagination={false}
          loading={q.isPending}
          dataSource={q.data?.data ?? []}
          data-testid="member-table"
          scroll={narrow ? undefined : { x: 'max-content' }}
          columns={
            narrow
              ? [
                  {
                    key: 'member',
                    title: t('member'),
                    render: (_, r) => (
                      <Flex vertical gap={6}>
                        {who(r)}
                        {roles(r)}
                        {actions(r)}
                      </Flex>
                    ),
                  },
                ]
              : [
                  { key: 'name', title: t('member'), render: (_, r) => who(r) },
                  { key: 'roles', title: t('roles'), render: (_, r) => roles(r) },
                  { key: 'joined_at', title: t('joinedAt'), render: (_, r) => formatDateTime(r.joined_at, 'YYYY-MM-DD') },
                  { key: 'actions', title: t('actions'), render: (_, r) => actions(r) },
                ]
          }
        />
      )}

      <Modal
        open={dialog !== null}
        title={
          dialog?.kind === 'invite'
            ? t('invite')
            : dialog?.kind === 'add'
              ? t('addExisting')
              : dialog
                ? t('editRolesOf', { name: dialog.member.name || dialog.member.email })
                : ''
        }
        okText={dialog?.kind === 'roles' ? t('save') : dialog?.kind === 'add' ? t('add') : t('invite')}
        cancelText={t('common:common.cancel')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
      >
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          {dialog?.kind === 'invite' ? <Typography.Paragraph type="secondary">{t('inviteHint')}</Typography.Paragraph> : null}
          {dialog?.kind === 'add' ? <Typography.Paragraph type="secondary">{t('addHint')}</Typography.Paragraph> : null}
          {dialog?.kind === 'invite' || dialog?.kind === 'add' ? (
            <Form.Item
              name="email"
              label={t('email')}
              rules={[schemaRule(dialog.kind === 'invite' ? memberInviteInput.shape.email : memberAddInput.shape.email)]}
            >
              <Input type="email" autoComplete="off" maxLength={200} data-testid="member-email" />
            </Form.Item>
          ) : null}
          {dialog?.kind === 'invite' ? (
            <Form.Item name="name" label={t('memberName')} rules={[schemaRule(memberInviteInput.shape.name)]}>
              <Input maxLength={100} data-testid="member-name" />
            </Form.Item>
          ) : null}
          <Form.Item name="sub_account_roles" label={t('roles')}>
            <Checkbox.Group options={roleOptions()} data-testid="member-roles" />
          </Form.Item>
          {formError ? (
            <Typography.Text type="danger" role="alert">
              {formError}
            </Typography.Text>
          ) : null}
        </Form>
      </Modal>
    </Card>
  );
}
