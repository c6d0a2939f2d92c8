import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Alert from 'antd/es/alert';
import { PageHeader } from '../../components/page-header.tsx';
import { gateApi } from './api.ts';
import { lastSite } from './offline-store.ts';
import './i18n.ts';
import './site-gate.css';

/**
 * /admin/gate: the sites the gate screen can open. The site this device opened last opens at once
 * (also without a connection); `?pick=1` (切換工地) shows the list.
 */
export default function GateSitesPage() {
  const { t } = useTranslation('site-gate');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const last = lastSite();
  const picking = params.has('pick') || last === null;
  const sites = useQuery({ queryKey: ['gate', 'sites'], queryFn: gateApi.sites, enabled: picking, retry: false });

  if (!picking) return <Navigate to={`/admin/gate/${last}`} replace />;
  const list = sites.data?.data ?? [];
  return (
    <div className="page gate-sites">
      <PageHeader subtitle={t('sites.hint')} />
      {sites.isError ? <Alert type="warning" showIcon message={t('sites.offline')} /> : null}
      {sites.isSuccess && !list.length ? <p>{t('sites.none')}</p> : null}
      <ul className="gate-site-list">
        {list.map((s) => (
          <li key={s.id}>
            <Button block size="large" onClick={() => navigate(`/admin/gate/${s.id}`)} data-testid={`gate-site-${s.id}`}>
              <span className="gate-site-name">{s.name}</span>
              {s.id === last ? <Tag color="blue">{t('sites.last')}</Tag> : null}
            </Button>
            {s.address ? <span className="gate-site-address">{s.address}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
