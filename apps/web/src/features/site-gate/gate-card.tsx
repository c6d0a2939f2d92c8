import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { snapshotBodySchema } from '@bo/shared/schemas/gate';
import { adminPath } from '../../lib/feature.ts';
import { lastSite, queuedScans, storedSnapshot } from './offline-store.ts';
import './i18n.ts';

/** The last site's name as this device's snapshot names it, when it holds one. */
function lastSiteName(siteId: number | null): string | null {
  if (siteId === null) return null;
  const body = storedSnapshot(siteId)?.snapshot.body;
  if (!body) return null;
  try {
    return snapshotBodySchema.shape.site_name.parse(JSON.parse(body).site_name);
  } catch {
    return null;
  }
}

/**
 * Overview card 「工地門禁」 (issue 39): the gate keeper's way in after signing in, straight to the site this
 * device opened last, and a word when offline entries still wait on this device.
 */
export default function GateCard() {
  const { t } = useTranslation('site-gate');
  const navigate = useNavigate();
  const site = lastSite();
  const name = lastSiteName(site);
  const queued = site === null ? 0 : queuedScans(site).length;
  return (
    <Card
      title={
        <span>
          <SafetyOutlined /> {t('card.title')}
        </span>
      }
      className="full-height"
      data-testid="gate-card"
    >
      <Typography.Paragraph type="secondary">{t('card.hint')}</Typography.Paragraph>
      {queued ? <Alert type="warning" showIcon message={t('card.queued', { count: queued })} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" size="large" block onClick={() => navigate(adminPath('gate'))}>
        {name ? t('card.openSite', { name }) : t('card.open')}
      </Button>
    </Card>
  );
}
