import { useTranslation } from 'react-i18next';
import Radio from 'antd/es/radio';
import { STAFF_IMPORT_MODES, type StaffImportMode } from '@bo/shared/schemas/staff-import';
import './i18n-import.ts';

/** Create only, or create and update the staff matched by national id (the key, said in the option's hint). */
export function ImportModeChoice({
  mode,
  disabled,
  onMode,
}: {
  mode: StaffImportMode;
  disabled?: boolean;
  onMode(m: StaffImportMode): void;
}) {
  const { t } = useTranslation('staff-import');
  return (
    <fieldset className="staff-import-mode" data-testid="import-mode">
      <legend>{t('modeLabel')}</legend>
      <Radio.Group value={mode} disabled={disabled} onChange={(e) => onMode(e.target.value as StaffImportMode)}>
        {STAFF_IMPORT_MODES.map((m) => (
          <Radio key={m} value={m} data-testid={`import-mode-${m}`} aria-describedby={`import-mode-hint-${m}`}>
            <span className="staff-import-mode-title">{t(`modes.${m}`)}</span>
            <span className="staff-import-mode-hint" id={`import-mode-hint-${m}`}>
              {t(`modeHints.${m}`)}
            </span>
          </Radio>
        ))}
      </Radio.Group>
    </fieldset>
  );
}
