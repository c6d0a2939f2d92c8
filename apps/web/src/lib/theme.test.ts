import { describe, expect, it } from 'vitest';
import getDesignToken from 'antd/es/theme/getDesignToken';
import { buildTheme, contrast, SURFACES } from './theme.ts';

describe('theme', () => {
  it('turns Ant Design motion off when the system asks for reduced motion, and keeps it on otherwise', () => {
    expect(buildTheme('#1668dc', 'light', true).token?.motion).toBe(false);
    expect(buildTheme('#1668dc', 'dark', true).token?.motion).toBe(false);
    expect(buildTheme('#1668dc', 'light').token?.motion).toBe(true);
  });

  it('gives links and primary-coloured text 4.5:1 on the dark surfaces (the dark algorithm alone derives #2e76dc, 4.15:1)', () => {
    for (const primary of ['#1677ff', '#1668dc', '#722ed1', '#13c2c2']) {
      const token = getDesignToken(buildTheme(primary, 'dark'));
      for (const key of ['colorLink', 'colorLinkHover', 'colorLinkActive', 'colorPrimaryText', 'colorPrimaryTextHover'] as const) {
        for (const surface of [SURFACES.dark.container, SURFACES.dark.layout, SURFACES.dark.elevated])
          expect(contrast(token[key], surface), `${key} of ${primary} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(contrast(getDesignToken(buildTheme('#1677ff', 'light')).colorLink, SURFACES.light.container)).toBeGreaterThanOrEqual(4.5);
  });
});
