import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { useTranslation } from 'react-i18next';

/**
 * The save and reset buttons under a one-document settings form (app settings, website settings), kept in
 * view at the bottom of the screen: both off until something changed, reset puts back what is stored.
 */
export function SettingsActions({
  dirty,
  saving,
  onReset,
  testId,
}: {
  dirty: boolean;
  saving: boolean;
  onReset: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} className="settings-actions">
      <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty} data-testid={testId}>
        {t('common.save')}
      </Button>
      <Button disabled={!dirty || saving} onClick={onReset}>
        {t('common.discard')}
      </Button>
    </Flex>
  );
}
