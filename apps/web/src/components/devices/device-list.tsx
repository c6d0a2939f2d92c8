import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import LaptopOutlined from '@ant-design/icons-svg/es/asn/LaptopOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import { SvgIcon } from '../svg-icon.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state.tsx';
import { DeferredPopconfirm } from '../deferred-popup.tsx';
import './device-list.css';

/**
 * In-app browsers first: LINE's (how links sent over LINE are opened) and Facebook's carry Safari's or
 * Chrome's marks too; iOS's Chrome, Firefox and Edge name themselves CriOS, FxiOS and EdgiOS.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/ Line\//, 'LINE'],
  [/FBAV\/|FBAN\//, 'Facebook'],
  [/Instagram /, 'Instagram'],
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\/|Version\/[\d.]+ Mobile\//, 'Safari'],
];

/** "Chrome · Windows"-style summary of a user agent, without a parser library (the server's audit labels read it alike). */
export function describeUserAgent(ua: string): { label: string; mobile: boolean } {
  if (!ua) return { label: '', mobile: false };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? ua.split(/[ /]/)[0];
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Windows/.test(ua)
      ? 'Windows'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return { label: os ? `${browser} · ${os}` : browser, mobile: /Mobile|Android|iPhone/.test(ua) };
}

function LogoutButton(props: Record<string, unknown>) {
  const { t } = useTranslation();
  return (
    // The popup hands its trigger handlers and ref down.
    <Button danger size="small" {...props}>
      {t('devices.logout')}
    </Button>
  );
}

export interface DeviceRow {
  id: number;
  user_agent: string;
  ip: string;
  signed_in_at: string;
  last_seen_at: string;
  current: boolean;
}

/**
 * Signed-in devices of one admin, named from their user agents, each with "sign out": the profile's
 * own devices and a super admin's view of another admin's (issue 10). Plain list markup, not antd's
 * List (its pagination, select and spin are not needed for a handful of rows on the first screen).
 */
export function DeviceList({
  devices,
  logout,
  footer,
}: {
  devices: DeviceRow[];
  logout(id: number): Promise<unknown>;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const others = devices.filter((d) => !d.current);
  const end = footer ?? (others.length === 0 ? <span className="muted">{t('devices.empty')}</span> : undefined);
  return (
    <div className="login-devices device-list">
      {devices.length === 0 ? (
        <EmptyState description={t('devices.empty')} />
      ) : (
        <ul className="device-items">
          {devices.map((d) => {
            const ua = describeUserAgent(d.user_agent);
            return (
              <li key={d.id} className="device-item" data-testid="login-device">
                <span className="device-icon" aria-hidden>
                  <SvgIcon icon={ua.mobile ? MobileOutlined : LaptopOutlined} />
                </span>
                {/* The device's name is no heading (under the screen's h1 with no h2 between). */}
                <div className="device-meta">
                  <span className="device-name">{ua.label || t('devices.unknown')}</span>
                  {`${t('devices.ip')} ${d.ip} · ${t('devices.lastSeenAt')} ${formatDateTime(d.last_seen_at)} · ${t('devices.createdAt')} ${formatDateTime(d.signed_in_at)}`}
                </div>
                <div className="device-actions">
                  {d.current ? (
                    // antd's filled blue tag in plain markup (styles/app.css): no Tag chunk and stylesheet on the first screen.
                    <span className="device-current">{t('devices.current')}</span>
                  ) : (
                    // Popconfirm loads when this button is first pointed at, focused or pressed: the overview's
                    // device card is the first screen's largest text, and its paint waits for no popup's chunk.
                    <DeferredPopconfirm
                      title={t('devices.confirm')}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                      onConfirm={() =>
                        logout(d.id).then(
                          () => toast.success({ title: t('devices.done'), duration: SHELL_TOAST.duration }),
                          (e) => toast.error({ title: errorText(e), duration: SHELL_TOAST.duration }),
                        )
                      }
                    >
                      <LogoutButton />
                    </DeferredPopconfirm>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {end ? <div className="device-list-footer">{end}</div> : null}
    </div>
  );
}
