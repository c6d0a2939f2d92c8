import { PERMISSION_KEYS } from '@bo/shared/messages';
import { ROLE_LABELS, type Role } from '@bo/shared/roles';
import i18n, { currentLanguage } from '../i18n/index.ts';

/**
 * What a refusal for want of a role says (issue 26), in the current language: the roles any one of
 * which would do and who may grant them, by their labels ("需要「相片管理」角色，請洽超級管理員授予").
 */
export function roleMissingText(requiredRoles: readonly string[], grantedBy: readonly string[]): string {
  const lng = currentLanguage();
  const label = (r: string) => ROLE_LABELS[r as Role]?.[lng] ?? r;
  const either = (names: string[]) => new Intl.ListFormat(lng, { type: 'disjunction' }).format(names);
  const quoted = requiredRoles.map((r) => i18n.t('permission.role_name', { name: label(r) }));
  return i18n.t(PERMISSION_KEYS.roleMissing, { roles: either(quoted), granters: either(grantedBy.map(label)) });
}
