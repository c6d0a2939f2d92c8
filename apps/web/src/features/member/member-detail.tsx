import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import List from 'antd/es/list';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import LaptopOutlined from '@ant-design/icons/LaptopOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { ROLES } from '@bo/shared/permissions';
import { formatDateTime } from '../../i18n/dates.ts';
import { errorText } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { describeUserAgent } from '../../components/devices/device-list.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { StatusTag } from '../../components/resource/status-tag.tsx';
import { memberDevicesQuery, useLogoutMemberDevice, useSendMemberReset, type Member, type MemberDevice } from './api.ts';
import { ConfirmedCell, PasswordCell, ProviderTags } from './member-cells.tsx';
import './i18n.ts';
import './member.css';

type DeviceState = 'active' | 'revoked' | 'expired';
const stateOf = (d: MemberDevice, now = Date.now()): DeviceState =>
  d.revoked_at ? 'revoked' : d.session_expires_at && Date.parse(d.session_expires_at) <= now ? 'expired' : 'active';
const STATE_COLOR: Record<DeviceState, string> = { active: 'green', revoked: 'default', expired: 'default' };

/**
 * The member's update screen below its name-and-status form: the account as the member keeps it
 * (e-mail, verification, sign-in methods), "send a password reset mail", the signed-in browsers each
 * with "log out", and (for those who may open the audit log) a link to the member's audit entries.
 */
export default function MemberDetail({ record: m, canWrite }: { record: Member; canWrite: boolean }) {
  const { t } = useTranslation('member');
  const { modal } = AntApp.useApp();
  const { can } = useSession();
  const reset = useSendMemberReset();

  const sendReset = () =>
    modal.confirm({
      title: t('resetConfirmTitle'),
      content: t('resetConfirm', { email: m.email }),
      okText: t('send'),
      cancelText: t('cancel'),
      okButtonProps: { ...({ 'data-testid': 'member-reset-ok' } as object) },
      onOk: () =>
        reset.mutateAsync(m.id).then(
          (r) => toast.success({ title: t('resetSent', { email: r.sent_to }), duration: SHELL_TOAST.duration }),
          (e) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }),
        ),
    });

  return (
    <Flex vertical gap={16} className="member-detail" data-testid="member-detail">
      <Card
        title={t('account')}
        extra={
          can(ROLES.superAdmin) ? (
            <Link to={`/admin/audit-log?target_type=member&target_id=${m.id}`} data-testid="member-audit-link">
              <HistoryOutlined aria-hidden /> {t('audit')}
            </Link>
          ) : null
        }
      >
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('email')}>
            <Typography.Text copyable>{m.email}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <StatusTag status={m.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('confirmed')}>
            <ConfirmedCell at={m.email_verified_at} />
          </Descriptions.Item>
          <Descriptions.Item label={t('providers')}>
            <ProviderTags providers={m.providers} />
          </Descriptions.Item>
          <Descriptions.Item label={t('password')}>
            <PasswordCell has={m.has_password} />
          </Descriptions.Item>
          <Descriptions.Item label={t('lastSignIn')}>{m.last_sign_in_at ? formatDateTime(m.last_sign_in_at) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('created')}>{formatDateTime(m.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('updated')}>{formatDateTime(m.updated_at)}</Descriptions.Item>
        </Descriptions>
        {canWrite ? (
          <Flex vertical gap={4} className="member-reset">
            <div>
              <Button
                icon={<MailOutlined />}
                onClick={sendReset}
                loading={reset.isPending}
                disabled={m.status !== 'active'}
                data-testid="member-reset-password"
              >
                {t('resetPassword')}
              </Button>
            </div>
            {m.status !== 'active' ? <Typography.Text type="secondary">{t('resetDisabled')}</Typography.Text> : null}
          </Flex>
        ) : null}
      </Card>
      <MemberDevices member={m} canWrite={canWrite} />
    </Flex>
  );
}

function MemberDevices({ member, canWrite }: { member: Member; canWrite: boolean }) {
  const { t } = useTranslation('member');
  const { modal } = AntApp.useApp();
  const q = useQuery(memberDevicesQuery(member.id));
  const logout = useLogoutMemberDevice();
  const confirmLogout = (d: MemberDevice, device: string) =>
    modal.confirm({
      title: t('logoutConfirmTitle'),
      content: t('logoutConfirm', { device, ip: d.ip }),
      okText: t('logout'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'member-device-logout-ok' } as object) },
      onOk: () =>
        logout.mutateAsync({ memberId: member.id, deviceId: d.id }).then(
          () => toast.success({ title: t('loggedOutDone'), duration: SHELL_TOAST.duration }),
          (e) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }),
        ),
    });
  return (
    <Card title={t('devices')} data-testid="member-devices">
      <Typography.Paragraph type="secondary">{t('devicesIntro')}</Typography.Paragraph>
      {q.isPending ? (
        <Skeleton active />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <List<MemberDevice>
          dataSource={q.data}
          locale={{ emptyText: <EmptyState description={t('noDevices')} /> }}
          renderItem={(d) => {
            const ua = describeUserAgent(d.user_agent);
            const label = ua.label || t('unknownDevice');
            const state = stateOf(d);
            return (
              <List.Item className="member-device" data-testid="member-device">
                <List.Item.Meta
                  avatar={ua.mobile ? <MobileOutlined className="member-device-icon" /> : <LaptopOutlined className="member-device-icon" />}
                  title={
                    <Flex gap={8} wrap align="center">
                      <span>{label}</span>
                      <Tag color={STATE_COLOR[state]} data-testid="member-device-state">
                        {t(`deviceStates.${state}`)}
                      </Tag>
                      {canWrite && state === 'active' ? (
                        <Button
                          danger
                          size="small"
                          className="member-device-logout"
                          onClick={() => confirmLogout(d, label)}
                          data-testid={`member-device-logout-${d.id}`}
                        >
                          {t('logout')}
                        </Button>
                      ) : null}
                    </Flex>
                  }
                  description={
                    <>
                      <dl className="member-device-facts">
                        <dt>{t('ip')}</dt>
                        <dd>{d.ip || '—'}</dd>
                        <dt>{t('signedIn')}</dt>
                        <dd>{formatDateTime(d.signed_in_at)}</dd>
                        <dt>{t('lastSeen')}</dt>
                        <dd>{formatDateTime(d.last_seen_at)}</dd>
                        <dt>{t('sessionEnd')}</dt>
                        <dd>{d.session_expires_at ? formatDateTime(d.session_expires_at) : '—'}</dd>
                        {d.revoked_at ? (
                          <>
                            <dt>{t('loggedOut')}</dt>
                            <dd>{formatDateTime(d.revoked_at)}</dd>
                          </>
                        ) : null}
                      </dl>
                      <Typography.Text type="secondary" className="member-device-ua" ellipsis={{ tooltip: d.user_agent }}>
                        {d.user_agent}
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
