import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Typography from 'antd/es/typography';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { ROLE_LABELS, type Role } from '@bo/shared/roles';
import { organizationLabel, useActiveOrganization, useSession } from '../../lib/session.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PlainCard, PlainSkeleton, usePlainAntd } from '../../components/plain-antd.tsx';
import type { VisibleMenuItem } from '../../lib/menu.ts';
import { useVisibleMenu } from '../../lib/visible-menu.ts';
import { useOverviewCards } from '../../lib/overview-cards.ts';
import { useAfterFirstPaint, useNearViewport } from '../../lib/after-first-paint.ts';
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
type Classes = ReturnType<typeof usePlainAntd>;
/** A feature card's placeholder, of its size. */
const cardPending = (classes: Classes) => (
  <PlainCard classes={classes.card} className="overview-async-placeholder" aria-busy>
    <PlainSkeleton classes={classes.skeleton} rows={5} />
  </PlainCard>
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

/** Calls `onMount` once its children have committed (a lazy card: once its chunk has arrived and rendered). */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(() => onMount(), [onMount]);
  return children;
}

/**
 * Another feature's card, below the fold on a phone: it loads and renders when it comes within half a screen of
 * the viewport, one card after another, each a task of its own after the first paint, in a placeholder of its
 * size (last in the grid, so nothing moves when it comes or renders nothing).
 */
function DeferredCard({ Card: FeatureCard, classes }: { Card: ComponentType; classes: Classes }) {
  const ref = useRef<HTMLDivElement>(null);
  const { shown, mounted } = useNearViewport(ref);
  const pending = cardPending(classes);
  return (
    <div ref={ref} className="overview-async">
      <Suspense fallback={pending}>
        {shown ? (
          <Mounted onMount={mounted}>
            <FeatureCard />
          </Mounted>
        ) : (
          pending
        )}
      </Suspense>
    </div>
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
  // The tiles come after the first paint, in placeholders of their size; the other features' cards after them.
  const painted = useAfterFirstPaint();
  // The page's cards are antd's markup with antd's classes: Card's and Skeleton's hooks run once, not per card.
  const classes = usePlainAntd();
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
          <PlainCard classes={classes.card} title={t('overview.whoAmI')} className="full-height">
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
          </PlainCard>
        </div>
        <div>
          <PlainCard classes={classes.card} title={t('devices.title')} className="full-height overview-devices">
            <Suspense fallback={<PlainSkeleton classes={classes.skeleton} rows={3} />}>
              <LoginDevices />
            </Suspense>
          </PlainCard>
        </div>
        <div className="overview-wide">
          <PlainCard classes={classes.card} title={t('overview.shortcuts')} className="full-height">
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
          </PlainCard>
        </div>
        {/* Last, and each placeholder has its card's size: the organization and roles settle after a
            reload (token renewal), and nothing else moves when a card comes or goes. */}
        {cards.map(({ key, Card: FeatureCard }) => (
          <DeferredCard key={key} Card={FeatureCard} classes={classes} />
        ))}
      </div>
    </div>
  );
}
