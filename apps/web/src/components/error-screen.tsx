import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import Flex from 'antd/es/flex';

export interface ErrorScreenProps {
  statusCode: number;
  message?: string;
  stack?: string;
}

/**
 * Spec section 2: 'Whoops, Error {statusCode}', the message, Back (history back one) and an entry
 * button (overview under /admin, home otherwise); the stack only when not 404.
 */
export function ErrorScreen({ statusCode, message, stack }: ErrorScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const admin = pathname.startsWith('/admin');
  const status = statusCode === 403 ? '403' : statusCode === 404 ? '404' : statusCode >= 500 ? '500' : 'warning';
  return (
    <Result
      className="error-screen"
      status={status}
      title={<h1 className="inline-heading">{t('error.whoops', { statusCode })}</h1>}
      subTitle={message}
      extra={
        <Flex vertical gap={16} align="center">
          <Flex gap={8} wrap justify="center">
            <Button onClick={() => navigate(-1)}>{t('error.back')}</Button>
            <Button type="primary" onClick={() => navigate(admin ? '/admin' : '/')}>
              {admin ? t('error.overview') : t('error.home')}
            </Button>
          </Flex>
          {statusCode !== 404 && stack ? (
            <details className="error-stack">
              <summary>{t('error.stack')}</summary>
              <Typography.Paragraph>
                <pre>{stack}</pre>
              </Typography.Paragraph>
            </details>
          ) : null}
        </Flex>
      }
    />
  );
}
