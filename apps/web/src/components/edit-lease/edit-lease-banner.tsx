import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { formatDateTime } from '../../i18n/dates.ts';
import { toast } from '../../lib/toast.ts';
import type { EditLease } from './use-edit-lease.ts';
import './i18n.ts';

const timeOf = (iso: string) => formatDateTime(iso, 'HH:mm');

/**
 * 「王小明 正在編輯（10:42 起）」 over a form whose record someone else has open, with a take-over
 * button; or, once someone took the editing over from this form, who did and when. Nothing otherwise.
 */
export function EditLeaseBanner({ lease }: { lease: EditLease }) {
  const { t } = useTranslation('edit_lease');
  const [taking, setTaking] = useState(false);
  const { others, takenOver } = lease;
  if (!others.length && !takenOver) return null;
  const takeOver = async () => {
    setTaking(true);
    try {
      await lease.takeOver();
    } catch {
      toast.error({ title: t('takeOverFailed') });
    } finally {
      setTaking(false);
    }
  };
  const title = takenOver
    ? t('takenOver', { name: takenOver.by.name, time: timeOf(takenOver.at) })
    : others.length === 1
      ? t('editing', { name: others[0].admin.name, time: timeOf(others[0].since) })
      : t('editingMany', { names: others.map((o) => o.admin.name).join(t('separator')) });
  return (
    <Alert
      type="warning"
      showIcon
      className="edit-lease-banner"
      data-testid="edit-lease-banner"
      style={{ marginBottom: 16 }}
      title={title}
      description={takenOver ? t('takenOverHint') : t('hint')}
      action={
        <Button size="small" onClick={() => void takeOver()} loading={taking} data-testid="edit-lease-take-over">
          {t('takeOver')}
        </Button>
      }
    />
  );
}
