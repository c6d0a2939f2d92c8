import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '@bo/shared/csp';
import { loadAppConfig } from '../lib/app-config.ts';
import { webAppContentSecurityPolicy } from './security-headers.ts';
import { webManifest } from './web-manifest.ts';

/** The built web app is public and opened outside the app's API client, so without a fingerprint. */
const WEB_ROUTE = { roles: 'public', fingerprint: false } as const;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Build output under assets/ is named by content hash: kept a year and never revalidated. index.html,
 * the service worker, the manifest and the shell's outage script name those files or the app's identity
 * or run before them: revalidated on each use,
 * so a deployment shows at once. Icons change rarely and are not hashed: a day.
 */
export function cacheControlFor(file: string): string {
  if (file.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (file === 'sw.js' || file === 'manifest.webmanifest' || file === 'shell-outage.js' || file === 'first-screen.js') return 'no-cache';
  return 'public, max-age=86400';
}

/** Build files a browser only ever loads into a page; the service worker and SVG images are documents of their own. */
const isSubresource = (file: string): boolean =>
  file !== 'sw.js' && /\.(?:js|mjs|css|png|jpe?g|webp|avif|gif|ico|woff2?|webmanifest|txt)$/.test(file);

/** Files served as they are: everything in the build but index.html, robots.txt, the .br/.gz siblings and dot folders (.vite). */
function webFiles(root: string): string[] {
  return (
    (readdirSync(root, { recursive: true }) as string[])
      .map((f) => f.split(sep).join('/'))
      // robots.txt is the server's (site/robots.ts): what it allows depends on where the website is served.
      .filter(
        (f) => f !== 'index.html' && f !== 'robots.txt' && !/\.(?:br|gz)$/.test(f) && !f.split('/').some((part) => part.startsWith('.')),
      )
      // Build output names only: anything else could read as a route parameter or wildcard.
      .filter((f) => /^[\w@~.\-/]+$/.test(f) && statSync(join(root, f)).isFile())
      .sort()
  );
}

/** A path that leaves the app for the server (its API) or for a built file, however it is spelled. */
function isServerPath(url: string): boolean {
  let path = url.split('?')[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    /* a malformed escape is not one of ours either */
  }
  return /^\/+(?:api|assets)(?:\/|$)/i.test(path);
}

export interface WebApp {
  /** Whether a GET that matched no route names a screen of the app, whose router then shows it (or its 404). */
  isAppPath(url: string): boolean;
  /** index.html with a fresh CSP nonce in its tags and in its policy. */
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the production web build (config.webDist): index.html for `/` and, through the not-found
 * handler, for the app's own paths; every other built file at its path, precompressed siblings chosen
 * by Accept-Encoding, with the cache lifetime of `cacheControlFor`.
 */
export async function registerWebAssets(app: FastifyInstance, root: string): Promise<WebApp> {
  const index = readFileSync(join(root, 'index.html'), 'utf8').split(CSP_NONCE_PLACEHOLDER);
  const filePolicy = webAppContentSecurityPolicy(app.config);

  const sendIndex = (reply: FastifyReply): FastifyReply => {
    const nonce = randomBytes(18).toString('base64');
    // No ETag or Last-Modified: a revalidated copy would keep an old nonce under the new policy.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', webAppContentSecurityPolicy(app.config, nonce))
      .header('x-robots-tag', 'noindex, nofollow')
      .send(index.join(nonce));
  };

  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false, index: false });
  const route = (documentHeaders = true) => ({ config: { ...WEB_ROUTE, documentHeaders }, schema: { hide: true } });
  const MANIFEST = 'manifest.webmanifest';
  for (const file of webFiles(root)) {
    if (file === MANIFEST) {
      const template = readFileSync(join(root, file), 'utf8');
      app.get(`/${file}`, route(false), async (req, reply) => {
        // The configured title names the installed app; the built one stands in while the database cannot answer.
        const body = await loadAppConfig(req.read('visitor').db).then(
          (config) => webManifest(template, config),
          () => template,
        );
        // Revalidated on each use (no-cache), as the built files are: an unchanged manifest is a 304.
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        reply.header('cache-control', cacheControlFor(file)).header('etag', etag);
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('application/manifest+json; charset=utf-8').send(body);
      });
      continue;
    }
    const cacheControl = cacheControlFor(file);
    if (isSubresource(file)) {
      app.get(`/${file}`, route(false), (_req, reply) => reply.header('cache-control', cacheControl).sendFile(file));
    } else {
      app.get(`/${file}`, route(), (_req, reply) =>
        reply.header('cache-control', cacheControl).header('content-security-policy', filePolicy).sendFile(file),
      );
    }
  }
  app.get('/', route(), (_req, reply) => sendIndex(reply));
  app.get('/index.html', route(), (_req, reply) => sendIndex(reply));

  return { isAppPath: (url) => !isServerPath(url), sendIndex };
}
