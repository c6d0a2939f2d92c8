import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Flex from 'antd/es/flex';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import FacebookFilled from '@ant-design/icons/FacebookFilled';
import GoogleOutlined from '@ant-design/icons/GoogleOutlined';
import MessageFilled from '@ant-design/icons/MessageFilled';
import type { OAuthProviderName } from '@bo/shared/schemas/account';
import { formatDateTime } from '../../i18n/dates.ts';
import './i18n.ts';

const PROVIDER: Record<OAuthProviderName, { color: string; icon: ReactNode }> = {
  google: { color: 'red', icon: <GoogleOutlined aria-hidden /> },
  facebook: { color: 'blue', icon: <FacebookFilled aria-hidden /> },
  line: { color: 'green', icon: <MessageFilled aria-hidden /> },
};

/** When the member confirmed the e-mail, or an "unconfirmed" tag. */
export function ConfirmedCell({ at }: { at: string | null }) {
  const { t } = useTranslation('member');
  return at ? <span className="nowrap">{formatDateTime(at)}</span> : <Tag color="orange">{t('unconfirmed')}</Tag>;
}

/** The social accounts the member signs in with, as brand-coloured tags ("e-mail only" without any). */
export function ProviderTags({ providers }: { providers: readonly OAuthProviderName[] }) {
  const { t } = useTranslation('member');
  if (!providers.length) return <Typography.Text type="secondary">{t('noProvider')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {providers.map((p) => (
        <Tag key={p} color={PROVIDER[p].color} icon={PROVIDER[p].icon} data-testid={`member-provider-${p}`} style={{ marginInlineEnd: 0 }}>
          {t(`providerNames.${p}`)}
        </Tag>
      ))}
    </Flex>
  );
}

/** Whether the member has a password (members of social sign-in alone have none). */
export function PasswordCell({ has }: { has: boolean }) {
  const { t } = useTranslation('member');
  return has ? <span>{t('hasPassword')}</span> : <Typography.Text type="secondary">{t('noPassword')}</Typography.Text>;
}
