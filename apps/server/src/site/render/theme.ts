import { createHash } from 'node:crypto';

type Rgb = [number, number, number];

const parse = (hex: string): Rgb => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? Number.parseInt(m[1]!, 16) : 0x1677ff;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (c: Rgb): string => `#${c.map((x) => Math.round(x).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const ch = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
}

export const contrast = (a: string, b: string): number => {
  const [l1, l2] = [luminance(parse(a)), luminance(parse(b))].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
};

/**
 * The site's colours from the app config's primary colour: `brand` as configured (borders, accents),
 * `ink` the same hue darkened until white text on it and it as text on white reach 4.5:1 (WCAG AA, links
 * and buttons), `tint` a light wash for backgrounds.
 */
export function themeColours(primary: string): { brand: string; ink: string; tint: string } {
  const base = parse(primary);
  let ink = base;
  for (let i = 1; contrast(toHex(ink), '#ffffff') < 4.6 && i <= 20; i++) ink = mix(base, [0, 0, 0], i * 0.05);
  return { brand: toHex(base), ink: toHex(ink), tint: toHex(mix(base, [255, 255, 255], 0.92)) };
}

/** The page's one inline style element (the theme's custom properties) and its CSP hash. */
export function themeStyle(primary: string): { css: string; hash: string } {
  const c = themeColours(primary);
  const css = `:root{--brand:${c.brand};--ink:${c.ink};--tint:${c.tint}}`;
  return { css, hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}
