import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { switchBack } from './switch-account.ts';
import { setDateCalendar } from '../../i18n/index.ts';
import type { profileSchema } from '@bo/shared/schemas/account';
import type { z } from 'zod';
import './i18n.ts';

/**
 * "Acting as …" with the way back, for the admin header (mount it once in the admin layout).
 * The token cannot say who is acting (its payload is exactly spec section 3), the profile can.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { payload } = useSession();
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['account', 'profile'],
    // The profile also carries the date calendar every date column follows (i18n setDateCalendar).
    queryFn: () =>
      api.get<z.infer<typeof profileSchema>>('/api/admin/account/profile').then((p) => {
        setDateCalendar(p.date_calendar);
        return p;
      }),
    enabled: !!payload,
  });
  if (!payload || !q.data?.impersonator) return null;
  const name = q.data.name || q.data.email;
  return (
    <Alert
      className="impersonation-banner"
      data-testid="impersonation-banner"
      type="warning"
      banner
      title={t('actingAs', { name })}
      action={
        <Button
          size="small"
          loading={busy}
          data-testid="switch-back"
          onClick={async () => {
            setBusy(true);
            try {
              await switchBack();
              toast.success({ title: t('switchedBack'), duration: SHELL_TOAST.duration });
              navigate('/admin/admin');
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('switchBack')}
        </Button>
      }
    />
  );
}
