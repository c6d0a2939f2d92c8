import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Typography from 'antd/es/typography';
import Skeleton from 'antd/es/skeleton';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { ROLE_LABELS, type Role } from '@bo/shared/roles';
import { ROLES } from '@bo/shared/permissions';
import { organizationLabel, useActiveOrganization, useSession } from '../../lib/session.ts';
import { useAppConfig } from '../../lib/settings.ts';
import { currentLanguage, formatDateTime } from '../../i18n/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { visibleMenu, type VisibleMenuItem } from '../../app/route-table.ts';
import { LoginDevices } from './login-devices.tsx';

// Lazy: only staff readers with an organization load the staff module (keeps the first screen light).
const CertificateExpiryCard = lazy(() => import('../staff/certificate-expiry-card.tsx').then((m) => ({ default: m.CertificateExpiryCard })));

export function RoleTags({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  if (!roles.length) return <Typography.Text type="secondary">{t('overview.noRoles')}</Typography.Text>;
  return (
    <span className="role-tags">
      {roles.map((r) => (
        <Tag key={r} color={r.startsWith('SUB_ACCOUNT_') ? 'cyan' : 'blue'} title={r}>{ROLE_LABELS[r as Role]?.[lng] ?? r}</Tag>
      ))}
    </span>
  );
}

export default function OverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { payload, roles, can } = useSession();
  const { organization } = useActiveOrganization();
  const config = useAppConfig();
  const tiles = useMemo(() => {
    const flat: VisibleMenuItem[] = [];
    const walk = (items: VisibleMenuItem[]) => items.forEach((m) => { if (m.children) walk(m.children); else if (m.path && m.route !== 'overview') flat.push(m); });
    walk(visibleMenu(roles, config));
    return flat;
  }, [roles, config]);
  if (!payload) return null;
  const showExpiry = can(ROLES.staffRead) && !!organization;
  const name = payload.data.name || payload.data.email;
  return (
    <div className="page overview-page">
      <PageHeader title={t('overview.welcome', { name })} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('overview.whoAmI')} className="full-height">
            <Descriptions column={1} size="small" items={[
              { key: 'name', label: t('overview.name'), children: payload.data.name || '—' },
              { key: 'email', label: t('overview.email'), children: payload.data.email },
              { key: 'org', label: t('overview.organization'), children: organization ? <span data-testid="overview-organization">{organizationLabel(organization)}</span> : <Typography.Text type="secondary">{t('overview.noOrganization')}</Typography.Text> },
              { key: 'roles', label: t('overview.roles'), children: <RoleTags roles={roles} /> },
              { key: 'exp', label: t('overview.expiresAt'), children: formatDateTime(payload.expired_at) },
            ]} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('devices.title')} className="full-height overview-devices">
            <LoginDevices />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('overview.shortcuts')} className="full-height">
            {tiles.length === 0 ? <EmptyState description={t('overview.noShortcuts')} /> : (
              <div className="tiles">
                {tiles.map((m) => (
                  <button type="button" key={m.path} className="tile" onClick={() => navigate(m.path!)} data-testid="overview-tile">
                    <span>{t(`route.${m.route}`)}</span>
                    <RightOutlined />
                  </button>
                ))}
              </div>
            )}
          </Card>
        </Col>
        {showExpiry ? (
          <Col xs={24} lg={12} className="overview-async">
            {/* Last, and its placeholder has the card's size: the organization and roles settle after a
                reload (token renewal), and nothing else moves when this card comes or goes. */}
            <Suspense fallback={<Card className="overview-async-placeholder" aria-busy><Skeleton active title paragraph={{ rows: 5 }} /></Card>}>
              <CertificateExpiryCard />
            </Suspense>
          </Col>
        ) : null}
      </Row>
    </div>
  );
}
