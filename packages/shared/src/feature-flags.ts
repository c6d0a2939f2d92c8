import type { AppConfigDefaults } from './app-config-defaults.ts';

// Apart from app-config.ts so that reading a flag does not load zod (the web's first bundle reads them);
// typed from the plain defaults, which have the config's shape, so app-config.ts can re-export it.

/** The site content modules the `modules` flags switch (spec section 3). */
export type ContentModule = keyof AppConfigDefaults['modules'];

/** A switch of the application config that turns routes, screens and menu entries off. */
export type FeatureFlag = 'adminGroup' | 'adminSubAccount' | `modules.${ContentModule}`;

/** The part of the application config flags are read from (the web passes the loaded config). */
export type FlagSource = Partial<Pick<AppConfigDefaults, 'adminGroup' | 'adminSubAccount'>> & {
  modules?: Partial<AppConfigDefaults['modules']>;
};

/** On only while the config says so; one rule for the server's 404s and the web's routes and menu. */
export function isFeatureOn(config: FlagSource, flag: FeatureFlag): boolean {
  if (flag.startsWith('modules.')) return config.modules?.[flag.slice('modules.'.length) as ContentModule] === true;
  return config[flag as 'adminGroup' | 'adminSubAccount'] === true;
}
