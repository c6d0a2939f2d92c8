import { useTranslation } from 'react-i18next';
import AntApp from 'antd/es/app';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { CopyButton } from '../../components/copy-button.tsx';
import './i18n.ts';

/** Shows a password once, with a copy button (create answer, operator reset). */
export function useShowPasswordOnce() {
  const { modal } = AntApp.useApp();
  const { t } = useTranslation('admin');
  return (title: string, hint: string, password: string) =>
    modal.info({
      title,
      width: 440,
      content: (
        <div data-testid="password-once">
          <Typography.Paragraph>{hint}</Typography.Paragraph>
          <Flex gap={8} align="center" wrap>
            <Typography.Text code copyable={false} style={{ fontSize: 18 }} data-testid="password-value">
              {password}
            </Typography.Text>
            <CopyButton text={password} />
          </Flex>
        </div>
      ),
      okText: t('common:common.ok'),
    });
}
