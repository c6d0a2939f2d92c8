import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { currentLanguage, LANGUAGES, setLanguage } from '../i18n/index.ts';

/**
 * Public screens' language switch: one button that names the other language (two languages, so a
 * menu adds nothing but weight to the sign-in bundle). The admin header uses LanguageSwitch.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const next = LANGUAGES.find((l) => l !== lng) ?? lng;
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      lang={next}
      aria-label={`${t('app.language')}: ${t(`app.languages.${next}`)}`}
      data-testid="language-toggle"
      onClick={() => void setLanguage(next)}
    >
      {t(`app.languages.${next}`)}
    </Button>
  );
}
