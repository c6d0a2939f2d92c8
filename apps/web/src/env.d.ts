/** Set by vite.config.ts at build time. */
interface ImportMetaEnv {
  /** apps/web/package.json's version: the footer shows it. */
  readonly VITE_APP_VERSION: string;
}
