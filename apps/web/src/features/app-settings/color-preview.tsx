import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Flex from 'antd/es/flex';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useColorScheme } from '../../lib/color-scheme.ts';
import { buildTheme, contrast, textOn } from '../../lib/theme.ts';
import { HEX } from './app-config-api.ts';
import './i18n.ts';

/** The primary colour on sample controls, through the same theme builder the app uses. */
export function ColorPreview({ color }: { color: string }) {
  const { t } = useTranslation('app-settings');
  const { scheme } = useColorScheme();
  const valid = HEX.test(color);
  const theme = useMemo(() => (valid ? buildTheme(color, scheme) : undefined), [color, scheme, valid]);
  if (!valid || !theme) return null;
  return (
    <section className="settings-preview" aria-label={t('preview')} data-testid="settings-preview">
      <ConfigProvider theme={theme}>
        <p className="muted">{t('previewText')}</p>
        <Flex gap={12} wrap align="center">
          <Button type="primary" tabIndex={-1}>
            {t('previewButton')}
          </Button>
          <Switch defaultChecked tabIndex={-1} aria-label={t('preview')} />
          <Tag style={{ background: color, color: textOn(color), borderColor: color }}>{t('previewTag')}</Tag>
          <Button type="link" tabIndex={-1} style={{ padding: 0 }}>
            {t('previewLink')}
          </Button>
        </Flex>
      </ConfigProvider>
      {contrast(color, '#ffffff') < 3 ? <Alert type="warning" showIcon message={t('lowContrast')} style={{ marginTop: 12 }} /> : null}
    </section>
  );
}
