import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme.ts';

describe('theme', () => {
  it('turns Ant Design motion off when the system asks for reduced motion, and keeps it on otherwise', () => {
    expect(buildTheme('#1668dc', 'light', true).token?.motion).toBe(false);
    expect(buildTheme('#1668dc', 'dark', true).token?.motion).toBe(false);
    expect(buildTheme('#1668dc', 'light').token?.motion).toBe(true);
  });
});
