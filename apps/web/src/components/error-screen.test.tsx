import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n/index.ts';
import { ErrorScreen } from './error-screen.tsx';
import { ChunkErrorScreen, isChunkLoadError } from '../app/error-boundary.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-TW');
});

describe('error screens', () => {
  it('keeps the spec wording in en-US and translates it in zh-TW', async () => {
    await i18n.changeLanguage('en-US');
    render(
      <MemoryRouter>
        <ErrorScreen statusCode={403} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Whoops, Error 403')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('zh-TW');
    render(
      <MemoryRouter>
        <ErrorScreen statusCode={403} />
      </MemoryRouter>,
    );
    expect(screen.getByText('糟糕，發生錯誤（403）')).toBeTruthy();
    expect(screen.queryByText(/Whoops/)).toBeNull();
  });

  it('tells a failed chunk load in the user language with a reload button, not the browser message', async () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    render(<ChunkErrorScreen />);
    expect(screen.getByText('系統已更新')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新整理頁面' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('dynamically imported');
  });
});
