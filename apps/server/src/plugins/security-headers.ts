import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * reCAPTCHA v3 (apps/web/src/lib/recaptcha.ts): api.js from google.com loads its code from gstatic and
 * answers from a google.com frame. Allowed only when a site key is configured.
 */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Powerful features the back office never uses, refused to the page and to any frame it could hold; the
 * camera only to the app's own pages, where the site gate's screen reads badges (issue 39, docs/site-gate.md).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'display-capture',
  'encrypted-media',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat('camera=(self)')
  .join(', ');

/** One year; sent only when the public address is https (browsers ignore it over http anyway). */
const HSTS = 'max-age=31536000; includeSubDomains';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false for files that are never a document nor a worker (scripts, style sheets, raster images, the
     * manifest): they go without the headers only a document reads (Content-Security-Policy,
     * X-Frame-Options, Permissions-Policy, Cross-Origin-Opener-Policy), ~600 bytes on each response.
     */
    documentHeaders?: boolean;
  }
}

type Directives = Record<string, readonly string[]>;
const serialize = (d: Directives): string =>
  Object.entries(d)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * JSON and errors render nothing: an API answer opened as a page may load nothing and be framed by
 * nobody. Also what any response without a policy of its own gets.
 */
export const API_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

export const YOUTUBE_EMBED_SOURCE = 'https://www.youtube-nocookie.com';

/**
 * The web app's policy: its own origin only. Scripts never run inline. Stylesheets come from the build,
 * and the `<style>` elements Ant Design writes at run time carry the nonce of the index.html response
 * (`nonce`, absent for the other web files: the service worker, the manifest, icons).
 */
export function webAppContentSecurityPolicy(config: Config, nonce?: string): string {
  const recaptcha = Boolean(config.recaptcha.siteKey);
  return serialize({
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' compiles WebAssembly only (the gate's QR reader, served from /assets/), never a script string.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(recaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
    'style-src': ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : [])],
    // Uploads are previewed from blob: URLs before they are sent; antd draws some placeholders as data: URLs.
    'img-src': ["'self'", 'data:', 'blob:'],
    // Videos play in YouTube's privacy-enhanced embed (issue 11: the video form, the editor's videos).
    'frame-src': ["'self'", YOUTUBE_EMBED_SOURCE, ...(recaptcha ? RECAPTCHA_FRAME_SOURCES : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The API reference (/api/docs, @fastify/swagger-ui): its bundle and stylesheet from the same origin,
 * no validator badge from elsewhere, never framed. The one inline style is the `<style>` of Swagger
 * UI's logo SVG, admitted by its hash (after an upgrade of @fastify/swagger-ui, the e2e flow of the
 * API reference fails with the new hash in Chromium's message if it changed).
 */
const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
export const DOCS_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'self'"],
  'style-src': ["'self'", SWAGGER_LOGO_STYLE],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/**
 * Headers every response carries, and those of documents on every response that is or could be opened
 * as one (all but the routes declaring `documentHeaders: false`). A route that sets its own
 * Content-Security-Policy or Cache-Control keeps it (the web files, signed file downloads, the API
 * reference); anything else is an API answer: the API policy above, and `no-store`, since it carries
 * an admin's data.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const hsts = /^https:\/\//i.test(app.config.publicUrl ?? '') ? HSTS : null;
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (hsts) reply.header('strict-transport-security', hsts);
    if (req.routeOptions.config?.documentHeaders !== false) {
      reply.header('x-frame-options', 'DENY');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('cross-origin-opener-policy', 'same-origin');
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
