import type { AppConfig } from '@bo/shared/app-config';

/**
 * The installed app's identity follows the application config (issue 42, item 12): the built
 * manifest is the template, its name, short name, description and theme colour the configured ones.
 */
export function webManifest(template: string, config: Pick<AppConfig, 'title' | 'description' | 'primaryColor'>): string {
  const manifest = JSON.parse(template) as Record<string, unknown>;
  return JSON.stringify({
    ...manifest,
    name: config.title,
    short_name: config.title,
    description: config.description,
    theme_color: config.primaryColor,
  });
}
