import type { ThemeConfig } from 'antd/es/config-provider';

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

export function buildTheme(primary: string = COLORS.primary): ThemeConfig {
  return {
    cssVar: { key: 'bo' },
    token: {
      colorPrimary: primary,
      colorInfo: COLORS.accent,
      colorWarning: COLORS.warning,
      colorError: COLORS.error,
      colorSuccess: COLORS.success,
      colorLink: primary,
      borderRadius: 8,
      zIndexPopupBase: Z_INDEX.dialog,
      fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 16px', headerHeight: 56, bodyBg: '#f5f7fa' },
      Menu: { itemBorderRadius: 6 },
    },
  };
}

/** CSS variables the stylesheet uses for colours and layers. */
export function themeCssVariables(primary: string = COLORS.primary): Record<string, string> {
  return {
    '--bo-primary': primary,
    '--bo-accent': COLORS.accent,
    '--bo-warning': COLORS.warning,
    '--bo-error': COLORS.error,
    '--bo-success': COLORS.success,
    '--bo-google': COLORS.google,
    '--bo-facebook': COLORS.facebook,
    '--bo-line': COLORS.line,
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
