import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Result from 'antd/es/result';
import Button from 'antd/es/button';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import { useRouteMeta } from '../lib/route-meta.ts';

/** "Coming soon" for screens whose content lands in a later issue; shows the screen's translated name. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const name = t(`route.${meta.name}`);
  return (
    <Result
      className="placeholder-page"
      icon={<ToolOutlined style={{ color: 'var(--bo-accent)' }} />}
      title={t('placeholder.title', { name })}
      subTitle={t('placeholder.description')}
      extra={
        <Button type="primary" onClick={() => navigate(meta.layout === 'admin' ? '/admin' : '/')}>
          {meta.layout === 'admin' ? t('placeholder.back') : t('error.home')}
        </Button>
      }
    />
  );
}
