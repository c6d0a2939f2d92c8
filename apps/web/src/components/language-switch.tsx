import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { DeferredDropdown } from './deferred-popup.tsx';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../i18n/index.ts';

/** zh-TW ↔ en-US, remembered in storage. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <DeferredDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lng],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`app.languages.${l}`) })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('app.language')} data-testid="language-switch">
        {compact ? null : t(`app.languages.${lng}`)}
      </Button>
    </DeferredDropdown>
  );
}
