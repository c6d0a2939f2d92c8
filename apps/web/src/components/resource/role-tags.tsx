import { useTranslation } from 'react-i18next';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { ROLE_LABELS, type Role } from '@bo/shared/roles';
import { currentLanguage } from '../../i18n/index.ts';

/** Role names as labels in the current language (ROLE_LABELS); sub-account roles in another colour. */
export function RoleTags({ roles, empty }: { roles: readonly string[]; empty?: string }) {
  useTranslation();
  const lng = currentLanguage();
  if (!roles.length) return <Typography.Text type="secondary">{empty ?? '—'}</Typography.Text>;
  return (
    <span className="role-tags">
      {roles.map((r) => (
        <Tag key={r} color={r.startsWith('SUB_ACCOUNT_') ? 'cyan' : r === 'ROLE_SUPER_ADMIN' ? 'gold' : 'blue'}>
          {ROLE_LABELS[r as Role]?.[lng] ?? r}
        </Tag>
      ))}
    </span>
  );
}

export const roleLabel = (r: string): string => ROLE_LABELS[r as Role]?.[currentLanguage()] ?? r;
