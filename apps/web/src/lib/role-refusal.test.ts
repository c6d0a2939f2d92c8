import { describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../i18n/index.ts';
import { ApiError, errorText } from './api-client.ts';

/** Issue 26: a 403 for want of a role reads, in the user's language, which role would do and who grants it. */
const refusal = (required_roles: string[], granted_by: string[]) =>
  new ApiError(403, 'User permission denied', undefined, {
    message: 'User permission denied',
    key: 'permission.role_missing',
    required_roles,
    granted_by,
  });

describe('a role refusal', () => {
  it('names the role and who grants it in zh-TW and en-US', async () => {
    await i18n.changeLanguage('zh-TW');
    expect(errorText(refusal(['ROLE_PHOTO'], ['ROLE_SUPER_ADMIN']))).toBe(
      '您沒有權限執行此操作：需要「相片管理」角色，請洽超級管理員授予。',
    );
    await loadLanguage('en-US');
    await i18n.changeLanguage('en-US');
    expect(errorText(refusal(['ROLE_PHOTO'], ['ROLE_SUPER_ADMIN']))).toBe(
      'You do not have permission to do this: it needs the Photo manager role, which a Super admin can grant.',
    );
    expect(errorText(refusal(['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN'], ['ROLE_SUPER_ADMIN', 'SUB_ACCOUNT_ROLE_ADMIN']))).toBe(
      'You do not have permission to do this: it needs the Super admin or Organization admin role, which a Super admin or Organization admin can grant.',
    );
  });

  it('leaves a 403 without the roles as the plain message', async () => {
    await i18n.changeLanguage('zh-TW');
    expect(errorText(new ApiError(403, 'User permission denied', undefined, { message: 'User permission denied' }))).toBe(
      '您沒有權限執行此操作',
    );
  });
});
