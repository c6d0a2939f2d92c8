import type { ThemeConfig } from 'antd/es/config-provider';
import type { MappingAlgorithm } from 'antd/es/theme/interface';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import type { ColorScheme } from './color-scheme.ts';
import { ANTD_CSS_VAR_KEY } from './antd-css-var-key.ts';

/**
 * Ant Design's component styles come as CSS files made at build time (vite-plugins/antd-static-styles.ts):
 * no style engine runs in the browser, and this theme reaches the page as CSS variables only. Unit
 * tests (mode `test`, no build) keep the run-time engine.
 */
const STATIC_STYLES = import.meta.env.MODE !== 'test';

/** Section 1 colours: light theme, blue primary, light blue accent, amber warning, light red error, light green success. */
export const COLORS = {
  primary: '#1677ff',
  accent: '#69b1ff',
  warning: '#faad14',
  error: '#ff6b6b',
  success: '#52c41a',
  /** Social sign-in brand colours. */
  google: '#db4437',
  facebook: '#1877f2',
  line: '#06c755',
} as const;

/** Section 9 layers. */
export const Z_INDEX = {
  listFilter: 100,
  listTable: 110,
  header: 180,
  sidebar: 190,
  formAction: 190,
  htmlEditorFullScreen: 1680,
  dialog: 2000,
  overlay: 2000,
  toast: 5000,
  loading: 9999999999,
} as const;

export const PROGRESS_BAR_HEIGHT = 5;
export const SPINNER_SIZE = 85;

/** Noto Sans TC / Microsoft JhengHei / PingFang TC first, then the system's sans-serif (never a serif fallback). */
export const FONT_FAMILY =
  "'Noto Sans TC', 'Microsoft JhengHei', 'PingFang TC', 'Heiti TC', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** WCAG AA for text. */
export const TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];
function parseHex(c: string): Rgb {
  let h = c.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((x) => x + x).join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  return Number.isNaN(n) ? [22, 119, 255] : [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
function luminance(c: string): number {
  const [r, g, b] = parseHex(c).map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** WCAG contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
/**
 * The colour itself when it reads on `bg` at `ratio`, else the nearest shade that does: mixed
 * towards black on a light background, towards white on a dark one (same hue, as little as needed).
 */
export function readableOn(color: string, bg: string, ratio = TEXT_CONTRAST): string {
  if (contrast(color, bg) >= ratio) return toHex(parseHex(color));
  const towards: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const from = parseHex(color);
  for (let t = 0.02; t <= 1; t += 0.02) {
    const c = toHex(from.map((v, i) => v + (towards[i] - v) * t) as Rgb);
    if (contrast(c, bg) >= ratio) return c;
  }
  return toHex(towards);
}
/** White text on a solid colour when it reads, else near-black. */
export const textOn = (solid: string): string => (contrast('#ffffff', solid) >= TEXT_CONTRAST ? '#ffffff' : '#0b0f19');

/** The surfaces of each scheme; the section 1 colours are adjusted against them. */
export const SURFACES = {
  light: {
    container: '#ffffff',
    layout: '#f5f7fa',
    elevated: '#ffffff',
    text: 'rgba(0,0,0,0.88)',
    secondary: 'rgba(0,0,0,0.65)',
    tertiary: 'rgba(0,0,0,0.62)',
    border: '#e6ebf2',
    borderSoft: '#eef0f3',
    subtle: '#fafcff',
  },
  dark: {
    container: '#141414',
    layout: '#0b0d12',
    elevated: '#1f1f1f',
    text: 'rgba(255,255,255,0.88)',
    secondary: 'rgba(255,255,255,0.72)',
    tertiary: 'rgba(255,255,255,0.62)',
    border: '#303030',
    borderSoft: '#262626',
    subtle: '#1a1c22',
  },
} as const;

/** `a` over `b` at `amount` (0 = b, 1 = a), opaque. */
export function mix(a: string, b: string, amount: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((v, i) => y[i] + (v - y[i]) * amount) as Rgb);
}

/**
 * A section 1 colour in one scheme: `bg` and `border` tints of the colour as specified (light
 * tints on the light scheme, deep ones on the dark), and `text`, the colour itself or the nearest
 * shade that reads at 4.5:1 on the card, the page and its own tint (WCAG AA).
 */
function tone(color: string, scheme: ColorScheme) {
  const surface = SURFACES[scheme];
  const bg = mix(color, surface.container, scheme === 'dark' ? 0.16 : 0.1);
  const border = mix(color, surface.container, scheme === 'dark' ? 0.45 : 0.4);
  const text = [surface.container, surface.layout, bg].reduce((c, on) => readableOn(c, on), color);
  return { text, bg, border };
}

/** Section 1 colours made readable as text on the scheme's surfaces (WCAG AA 4.5:1), for both schemes. */
export function schemeColors(primary: string = COLORS.primary, scheme: ColorScheme = 'light') {
  return {
    primary: tone(primary, scheme),
    accent: tone(COLORS.accent, scheme),
    warning: tone(COLORS.warning, scheme),
    error: tone(COLORS.error, scheme),
    success: tone(COLORS.success, scheme),
  };
}

/**
 * The dark algorithm derives a solid primary (#2e76dc from the default blue) on which neither white
 * (4.4:1) nor black (4.3:1) reads at 4.5:1: solid buttons take the shade on which white reads, and
 * darken on hover and press so their text keeps reading.
 */
function darkPrimaryButton(primary: string, errorText: string) {
  const solid = readableOn(primary, '#ffffff');
  return {
    colorPrimary: solid,
    colorPrimaryHover: mix(solid, '#000000', 0.9),
    colorPrimaryActive: mix(solid, '#000000', 0.8),
    primaryColor: '#ffffff',
    solidTextColor: '#ffffff',
    dangerColor: textOn(errorText),
  };
}

/** Text in the link and primary colours, as the dark algorithm derives them. */
const DARK_TEXT_TOKENS = [
  'colorLink',
  'colorLinkHover',
  'colorLinkActive',
  'colorPrimaryText',
  'colorPrimaryTextHover',
  'colorPrimaryTextActive',
] as const;

/**
 * After the dark algorithm: it derives links and primary-coloured text from the seed colours (seed
 * tokens cannot be overridden, the algorithm always runs on them) without minding the surface:
 * #2e76dc on #141414 is 4.15:1. Each takes its nearest shade that reads at 4.5:1 on the dark
 * surfaces (cards, page, popups), so every link of every screen does.
 */
const readableDarkText: MappingAlgorithm = (seed, map = darkAlgorithm(seed)) => {
  const surface = SURFACES.dark;
  const readable = (c: string) => [surface.container, surface.layout, surface.elevated].reduce((x, on) => readableOn(x, on), c);
  return { ...map, ...Object.fromEntries(DARK_TEXT_TOKENS.map((k) => [k, readable(map[k])])) };
};

/** `reducedMotion`: the system asks for less motion; antd's components then open without animating. */
export function buildTheme(primary: string = COLORS.primary, scheme: ColorScheme = 'light', reducedMotion = false): ThemeConfig {
  const c = schemeColors(primary, scheme);
  const surface = SURFACES[scheme];
  return {
    cssVar: { key: ANTD_CSS_VAR_KEY },
    // The extracted rules carry no hash class (they are the app's only antd styles).
    hashed: false,
    zeroRuntime: STATIC_STYLES,
    algorithm: scheme === 'dark' ? [darkAlgorithm, readableDarkText] : defaultAlgorithm,
    token: {
      motion: !reducedMotion,
      colorPrimary: c.primary.text,
      colorInfo: c.accent.text,
      colorWarning: c.warning.text,
      colorError: c.error.text,
      colorSuccess: c.success.text,
      colorLink: c.primary.text,
      colorInfoBg: c.accent.bg,
      colorInfoBorder: c.accent.border,
      colorWarningBg: c.warning.bg,
      colorWarningBorder: c.warning.border,
      colorErrorBg: c.error.bg,
      colorErrorBorder: c.error.border,
      colorSuccessBg: c.success.bg,
      colorSuccessBorder: c.success.border,
      colorTextTertiary: surface.tertiary,
      colorTextDescription: surface.tertiary,
      // Placeholders are the only hint some fields give: they read at 4.5:1 like any text (antd's is 1.8:1).
      colorTextPlaceholder: surface.tertiary,
      colorBgLayout: surface.layout,
      borderRadius: 8,
      zIndexPopupBase: Z_INDEX.dialog,
      fontFamily: FONT_FAMILY,
    },
    components: {
      // The selected tab's text reads like a link (antd takes colorPrimary, 4.15:1 on the dark surface).
      ...(scheme === 'dark'
        ? {
            Tabs: {
              itemSelectedColor: 'var(--ant-color-link)',
              itemHoverColor: 'var(--ant-color-link-hover)',
              itemActiveColor: 'var(--ant-color-link-active)',
            },
          }
        : {}),
      Layout: {
        headerBg: surface.container,
        siderBg: surface.container,
        headerPadding: '0 16px',
        headerHeight: 56,
        bodyBg: surface.layout,
        footerBg: 'transparent',
      },
      // The selected item and its group in the primary shade that reads on the surface (the dark algorithm's is 4.2:1).
      Menu: {
        itemBorderRadius: 6,
        itemBg: surface.container,
        subMenuItemBg: surface.container,
        itemSelectedBg: c.primary.bg,
        itemSelectedColor: c.primary.text,
        subMenuItemSelectedColor: c.primary.text,
        horizontalItemSelectedColor: c.primary.text,
      },
      // Text on solid buttons reads on their colour (white on the light scheme's darker shades).
      Button:
        scheme === 'dark'
          ? darkPrimaryButton(primary, c.error.text)
          : {
              primaryColor: textOn(c.primary.text),
              dangerColor: textOn(c.error.text),
              solidTextColor: textOn(c.primary.text),
              // antd lightens a hovered solid button (white on it 3.5:1): darken it instead, so its text keeps reading.
              colorPrimaryHover: mix(c.primary.text, '#000000', 0.9),
              colorPrimaryActive: mix(c.primary.text, '#000000', 0.8),
            },
    },
  };
}

/** CSS variables the stylesheet uses for colours and layers. */
export function themeCssVariables(primary: string = COLORS.primary, scheme: ColorScheme = 'light'): Record<string, string> {
  const c = schemeColors(primary, scheme);
  const surface = SURFACES[scheme];
  const solid = scheme === 'dark' ? readableOn(primary, '#ffffff') : c.primary.text;
  return {
    '--bo-primary': c.primary.text,
    // Solid buttons as buildTheme's Button tokens make them (darker on hover and press, text that reads).
    '--bo-primary-solid': solid,
    '--bo-primary-solid-hover': mix(solid, '#000000', 0.9),
    '--bo-primary-solid-active': mix(solid, '#000000', 0.8),
    '--bo-on-primary-solid': scheme === 'dark' ? '#ffffff' : textOn(solid),
    // Antd's primary token for plain controls outside its scope (the sign-in form): what its solid
    // controls show. Inside antd's scope (class `bo`) its own value wins.
    '--ant-color-primary': solid,
    // Antd's colorBorder of each algorithm: the plain form controls' outline.
    '--bo-control-border': scheme === 'dark' ? '#424242' : '#d9d9d9',
    '--bo-on-primary': textOn(c.primary.text),
    '--bo-accent': c.accent.text,
    '--bo-warning': c.warning.text,
    '--bo-error': c.error.text,
    '--bo-success': c.success.text,
    '--bo-google': COLORS.google,
    '--bo-facebook': COLORS.facebook,
    '--bo-line': COLORS.line,
    '--bo-bg': surface.layout,
    '--bo-surface': surface.container,
    '--bo-surface-subtle': surface.subtle,
    '--bo-text': surface.text,
    '--bo-text-secondary': surface.secondary,
    '--bo-text-tertiary': surface.tertiary,
    '--bo-border': surface.border,
    '--bo-border-soft': surface.borderSoft,
    '--bo-font': FONT_FAMILY,
    '--bo-z-header': String(Z_INDEX.header),
    '--bo-z-sidebar': String(Z_INDEX.sidebar),
    '--bo-z-form-action': String(Z_INDEX.formAction),
    '--bo-z-list-filter': String(Z_INDEX.listFilter),
    '--bo-z-list-table': String(Z_INDEX.listTable),
    '--bo-z-dialog': String(Z_INDEX.dialog),
    '--bo-z-toast': String(Z_INDEX.toast),
    // Browsers clamp z-index to 2^31-1; the spec's value is kept as written.
    '--bo-z-loading': String(Z_INDEX.loading),
    '--bo-progress-height': `${PROGRESS_BAR_HEIGHT}px`,
  };
}
