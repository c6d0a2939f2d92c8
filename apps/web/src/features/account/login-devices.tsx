import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import List from 'antd/es/list';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import Skeleton from 'antd/es/skeleton';
import LaptopOutlined from '@ant-design/icons/LaptopOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import { formatDateTime } from '../../i18n/index.ts';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { loginDevicesQuery, useLogoutDevice, type LoginDevice } from './api.ts';

/** "Chrome on Windows"-style summary of a user agent, without a parser library. */
export function describeUserAgent(ua: string): { label: string; mobile: boolean } {
  if (!ua) return { label: '', mobile: false };
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : ua.split(/[ /]/)[0];
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return { label: os ? `${browser} · ${os}` : browser, mobile: /Mobile|Android|iPhone/.test(ua) };
}

export function LoginDevices() {
  const { t } = useTranslation();
  const q = useQuery(loginDevicesQuery());
  const logout = useLogoutDevice();
  if (q.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const others = q.data.filter((d) => !d.current);
  return (
    <List<LoginDevice>
      className="login-devices"
      dataSource={q.data}
      locale={{ emptyText: <EmptyState description={t('devices.empty')} /> }}
      footer={others.length === 0 ? <span className="muted">{t('devices.empty')}</span> : undefined}
      renderItem={(d) => {
        const ua = describeUserAgent(d.user_agent);
        return (
          <List.Item
            data-testid="login-device"
            actions={
              d.current
                ? [
                    <Tag color="blue" key="c">
                      {t('devices.current')}
                    </Tag>,
                  ]
                : [
                    <Popconfirm
                      key="l"
                      title={t('devices.confirm')}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                      onConfirm={() =>
                        logout.mutateAsync(d.id).then(
                          () => toast.success({ title: t('devices.done'), duration: SHELL_TOAST.duration }),
                          (e) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }),
                        )
                      }
                    >
                      <Button danger size="small">
                        {t('devices.logout')}
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={ua.mobile ? <MobileOutlined style={{ fontSize: 20 }} /> : <LaptopOutlined style={{ fontSize: 20 }} />}
              title={ua.label || t('devices.unknown')}
              description={`${t('devices.ip')} ${d.ip} · ${t('devices.lastSeenAt')} ${formatDateTime(d.last_seen_at)} · ${t('devices.createdAt')} ${formatDateTime(d.signed_in_at)}`}
            />
          </List.Item>
        );
      }}
    />
  );
}
