import { Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import Skeleton from 'antd/es/skeleton';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { ROLE_LABELS, type Role } from '@bo/shared/roles';
import { organizationLabel, useActiveOrganization, useSession } from '../../lib/session.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import type { VisibleMenuItem } from '../../lib/menu.ts';
import { useVisibleMenu } from '../../lib/visible-menu.ts';
import { useOverviewCards } from '../../lib/overview-cards.ts';
import { useAfterFirstPaint } from '../../lib/after-first-paint.ts';
import { preloadable } from '../../lib/preloadable.ts';
import { queryClient } from '../../lib/query-client.ts';
import { getToken } from '../../lib/token-store.ts';
import { loginDevicesQuery } from './api.ts';

// The device card is the largest text of the first screen (its LCP): it is there in the first commit.
// Its chunk comes with this screen's (account.feature.ts), so it renders without suspending, and its list
// is asked for when this module runs, beside the layout's calls, rather than at the first render; the
// skeleton (its body has a fixed height, nothing moves) shows only when the list is slower.
const LoginDevices = preloadable(() => import('./login-devices.tsx').then((m) => ({ default: m.LoginDevices })));
if (typeof window !== 'undefined') {
  void LoginDevices.preload();
  if (getToken()) void queryClient.prefetchQuery(loginDevicesQuery());
}
const devicesPending = <Skeleton active paragraph={{ rows: 3 }} />;
const cardPending = (
  <Card className="overview-async-placeholder" aria-busy>
    <Skeleton active title paragraph={{ rows: 5 }} />
  </Card>
);

/**
 * Role names as tags. Plain markup with antd's tag look (styles/app.css `.role-tag`), not antd's Tag: a super
 * admin's eleven tags each ran Tag's style and semantic hooks in the first screen's render.
 */
export function RoleTags({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  if (!roles.length) return <Typography.Text type="secondary">{t('overview.noRoles')}</Typography.Text>;
  return (
    <span className="role-tags">
      {roles.map((r) => (
        <span key={r} className={r.startsWith('SUB_ACCOUNT_') ? 'role-tag role-tag-sub' : 'role-tag'}>
          {ROLE_LABELS[r as Role]?.[lng] ?? r}
        </span>
      ))}
    </span>
  );
}

export default function OverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  useState(() => void qc.prefetchQuery(loginDevicesQuery()));
  const { payload, roles } = useSession();
  const { organization } = useActiveOrganization();
  const menu = useVisibleMenu();
  // Each tile's chevron is drawn from its SVG (SvgIcon): some thirty icon components fewer in the first commit.
  // Cards of other features (certificate expiry, say) load as their own chunks, only for those who may see them.
  const cards = useOverviewCards();
  // The tiles and the other features' cards come after the first paint, in placeholders of their size.
  const painted = useAfterFirstPaint();
  const tiles = useMemo(() => {
    const flat: VisibleMenuItem[] = [];
    const walk = (items: readonly VisibleMenuItem[]) =>
      items.forEach((m) => {
        if (m.children) walk(m.children);
        else if (m.path && m.route !== 'overview') flat.push(m);
      });
    walk(menu);
    return flat;
  }, [menu]);
  if (!payload) return null;
  const name = payload.data.name || payload.data.email;
  return (
    <div className="page overview-page">
      <PageHeader title={t('overview.welcome', { name })} />
      {/* A CSS grid of its own, not antd's Row/Col: the grid's 56 KB of column rules stay off the first screen. */}
      <div className="overview-grid">
        <div>
          <Card title={t('overview.whoAmI')} className="full-height">
            {/* A definition list of its own, not antd's Descriptions (a table, its rows and cells through style hooks). */}
            <dl className="who-am-i">
              {[
                { key: 'name', label: t('overview.name'), children: payload.data.name || '—' },
                { key: 'email', label: t('overview.email'), children: payload.data.email },
                {
                  key: 'org',
                  label: t('overview.organization'),
                  children: organization ? (
                    <span data-testid="overview-organization">{organizationLabel(organization)}</span>
                  ) : (
                    <Typography.Text type="secondary">{t('overview.noOrganization')}</Typography.Text>
                  ),
                },
                { key: 'roles', label: t('overview.roles'), children: <RoleTags roles={roles} /> },
                { key: 'exp', label: t('overview.expiresAt'), children: formatDateTime(payload.expired_at) },
              ].map((item) => (
                <div key={item.key}>
                  <dt>{item.label}</dt>
                  <dd>{item.children}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
        <div>
          <Card title={t('devices.title')} className="full-height overview-devices">
            <Suspense fallback={devicesPending}>
              <LoginDevices />
            </Suspense>
          </Card>
        </div>
        <div className="overview-wide">
          <Card title={t('overview.shortcuts')} className="full-height">
            {tiles.length === 0 ? (
              <EmptyState description={t('overview.noShortcuts')} />
            ) : (
              <div className="tiles">
                {painted
                  ? tiles.map((m) => (
                      <button type="button" key={m.path} className="tile" onClick={() => navigate(m.path!)} data-testid="overview-tile">
                        <span>{t(`route.${m.route}`)}</span>
                        <SvgIcon icon={RightOutlined} />
                      </button>
                    ))
                  : tiles.map((m) => <div key={m.path} className="tile tile-placeholder" aria-hidden />)}
              </div>
            )}
          </Card>
        </div>
        {cards.map(({ key, Card: FeatureCard }) => (
          <div key={key} className="overview-async">
            {/* Last, and its placeholder has the card's size: the organization and roles settle after a
                reload (token renewal), and nothing else moves when this card comes or goes. */}
            <Suspense fallback={cardPending}>{painted ? <FeatureCard /> : cardPending}</Suspense>
          </div>
        ))}
      </div>
    </div>
  );
}
