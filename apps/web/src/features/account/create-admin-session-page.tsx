import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Spin from 'antd/es/spin';
import { api, ApiError, errorText } from '../../lib/api-client.ts';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { mayOpenInSession } from '../../lib/admin-session.ts';

/**
 * /admin/create-admin-session?path=… opens a same-origin path in the signed-in context. Only
 * relative paths starting with a single "/" are accepted; anything else is refused (no open redirect).
 * App screens open through the router; the log viewer (the one API page allowed, see mayOpenInSession) is
 * fetched with this session's token, since the API reads tokens only from the Authorization header,
 * and shown from a text/plain blob, so nothing it holds can run in the app's origin.
 */
export default function CreateAdminSessionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const path = params.get('path');
  const ok = mayOpenInSession(path);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  useEffect(() => {
    if (!ok) return;
    if (!path.startsWith('/api/')) {
      navigate(path, { replace: true });
      return;
    }
    let cancelled = false;
    api.download(path, undefined, { method: 'GET' }).then(
      ({ blob }) => {
        if (!cancelled) window.location.replace(URL.createObjectURL(new Blob([blob], { type: 'text/plain;charset=utf-8' })));
      },
      (e) => {
        if (!cancelled) setFailure({ status: e instanceof ApiError ? e.status : 503, message: errorText(e) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [ok, path, navigate]);
  if (!ok) return <ErrorScreen statusCode={400} message={t('session.badPath')} />;
  if (failure) return <ErrorScreen statusCode={failure.status} message={failure.message} />;
  return (
    <div className="center-block">
      <Spin tip={t('session.createSession')}>
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
