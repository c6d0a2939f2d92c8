import { describe, expect, it } from 'vitest';
import { userAgentSummary } from './audit-labels.ts';

describe('userAgentSummary', () => {
  it('names LINE’s in-app browser on an iPhone and on Android instead of showing the raw user agent', () => {
    expect(
      userAgentSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.19.0',
      ),
    ).toBe('LINE 13 · iOS');
    expect(
      userAgentSummary(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.163 Mobile Safari/537.36 Line/13.19.1/IAB',
      ),
    ).toBe('LINE 13 · Android');
  });

  it('names Facebook’s in-app browser and keeps the usual browsers', () => {
    expect(
      userAgentSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.33.117;]',
      ),
    ).toBe('Facebook 440 · iOS');
    expect(
      userAgentSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS');
    expect(userAgentSummary('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
