import { YOUTUBE_EMBED_SOURCE } from '../plugins/security-headers.ts';
import { themeStyle } from './render/theme.ts';

/** reCAPTCHA v3's origins (as plugins/security-headers.ts admits them for the web app), on the pages whose form checks it. */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The website's policy, stricter than the web app's: no script at all (except reCAPTCHA's and the site's
 * own token filler on pages with such a form), styles from the site's stylesheet plus the page's one
 * inline theme element admitted by its hash, images from the site and https (rich text may show
 * http(s) images), frames only YouTube's privacy-enhanced embed (rich text), forms posting to the site
 * itself (and, from the sign-in page, the redirect to a sign-in provider).
 */
export function siteContentSecurityPolicy(primaryColor: string, opts: { recaptcha?: boolean; formTargets?: string[] } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    ...(opts.recaptcha ? { 'script-src': ["'self'", ...RECAPTCHA_SCRIPT_SOURCES] } : {}),
    'style-src': ["'self'", themeStyle(primaryColor).hash],
    'img-src': ["'self'", 'https:', 'data:'],
    // Nothing on the page connects anywhere; 'self' lets tools that fetch from within the page (Lighthouse's robots.txt check) do so.
    'connect-src': ["'self'"],
    'frame-src': [YOUTUBE_EMBED_SOURCE, ...(opts.recaptcha ? RECAPTCHA_FRAME_SOURCES : [])],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...(opts.formTargets ?? [])],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
