/** Ant Design's extracted styles (vite-plugins/antd-static-styles.ts): imported for its CSS only. */
declare module 'virtual:antd-styles' {}
