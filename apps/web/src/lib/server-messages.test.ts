import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@bo/shared/messages';
import i18n from '../i18n/index.ts';
// The identity prompt brings the translation of its own refusal.
import '../components/identity/i18n.ts';
import { ApiError, errorText } from './api-client.ts';

describe('server messages on screen', () => {
  it.each(['zh-TW', 'en-US'])('every message the server sends reads in %s', async (lang) => {
    await i18n.changeLanguage(lang);
    expect(Object.values(MESSAGES).filter((m) => !i18n.exists(`server.${m}`))).toEqual([]);
  });

  it('a full disk (507) says nothing was saved and whom to ask, in both languages', async () => {
    const full = new ApiError(507, MESSAGES.insufficientStorage);
    await i18n.changeLanguage('zh-TW');
    expect(errorText(full)).toBe('伺服器的儲存空間已滿，這次的上傳或變更沒有儲存。請通知系統管理員清出空間後再試');
    await i18n.changeLanguage('en-US');
    expect(errorText(full)).toMatch(/storage is full, so this upload or change was not saved/);
  });
});
