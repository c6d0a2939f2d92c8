import { useTranslation } from 'react-i18next';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { SvgIcon } from '../../components/svg-icon.tsx';
import { currentLanguage, LANGUAGES, setLanguage } from '../../i18n/index.ts';

/**
 * Public screens' language switch: one button that names the other language (two languages, so a
 * menu adds nothing but weight to the sign-in bundle), plain markup like antd's text button: the
 * sign-in route loads no antd. The admin header uses LanguageSwitch.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const next = LANGUAGES.find((l) => l !== lng) ?? lng;
  return (
    <button
      type="button"
      className="language-toggle"
      lang={next}
      aria-label={`${t('app.language')}: ${t(`app.languages.${next}`)}`}
      data-testid="language-toggle"
      onClick={() => void setLanguage(next)}
    >
      <SvgIcon icon={GlobalOutlined} />
      {t(`app.languages.${next}`)}
    </button>
  );
}
