import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './device-list.tsx';

describe('describeUserAgent', () => {
  it('names LINE’s in-app browser on an iPhone and on Android, not "Mozilla"', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.19.0',
      ),
    ).toEqual({ label: 'LINE · iOS', mobile: true });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.163 Mobile Safari/537.36 Line/13.19.1/IAB',
      ).label,
    ).toBe('LINE · Android');
  });

  it('names Facebook’s in-app browser, iOS’s Chrome and the usual browsers', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0.0.33.117;]',
      ).label,
    ).toBe('Facebook · iOS');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
      ).label,
    ).toBe('Chrome · iOS');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36 Edg/122.0.0.0',
      ),
    ).toEqual({ label: 'Edge · Windows', mobile: false });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ).label,
    ).toBe('Safari · macOS');
    expect(describeUserAgent('curl/8.5.0').label).toBe('curl');
  });
});
