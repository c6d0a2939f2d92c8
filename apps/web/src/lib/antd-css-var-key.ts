/** The class under which Ant Design writes its design tokens as CSS variables (theme.ts, and the build's extracted styles). */
export const ANTD_CSS_VAR_KEY = 'bo';
