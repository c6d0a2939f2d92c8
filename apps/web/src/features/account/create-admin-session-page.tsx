import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Spin from 'antd/es/spin';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { mayOpenInSession } from '../../lib/admin-session.ts';

/**
 * /admin/create-admin-session?path=… opens a same-origin app path in the signed-in context (the Debug
 * menu's log viewer opens here in a new tab, spec section 2). Only relative app paths are accepted;
 * anything else, /api/ included, is refused (no open redirect, nothing fetched with the token).
 */
export default function CreateAdminSessionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const path = params.get('path');
  const ok = mayOpenInSession(path);
  useEffect(() => {
    if (ok) navigate(path, { replace: true });
  }, [ok, path, navigate]);
  if (!ok) return <ErrorScreen statusCode={400} message={t('session.badPath')} />;
  return (
    <div className="center-block">
      <Spin tip={t('session.createSession')}>
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
