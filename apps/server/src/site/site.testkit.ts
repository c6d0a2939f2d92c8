import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { uploadMultipart } from '../../test/multipart.ts';
import { samplePhoto } from '../modules/staff-excel/staff-excel.fixtures.ts';

/**
 * A browser for the website's tests, through `app.inject`: keeps the cookies it is given (as a browser
 * would for one host), posts forms as application/x-www-form-urlencoded with the page's CSRF token.
 */
export function siteBrowser(app: FastifyInstance, host?: string) {
  const jar = new Map<string, string>();
  let last: LightMyRequestResponse | null = null;
  const remember = (res: LightMyRequestResponse) => {
    const set = res.headers['set-cookie'];
    for (const c of [set ?? []].flat()) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (attrs.some((a) => /^\s*max-age=0$/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    }
    last = res;
    return res;
  };
  const headers = (extra: Record<string, string> = {}) => ({
    ...(host ? { host } : {}),
    ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    ...extra,
  });
  return {
    jar,
    get last() {
      return last;
    },
    async get(url: string, extra?: Record<string, string>) {
      return remember(await app.inject({ method: 'GET', url, headers: headers(extra) }));
    },
    /** Posts a form; `csrf` false leaves the token out, a string sends that one. */
    async post(url: string, fields: Record<string, string>, opts: { csrf?: boolean | string } = {}) {
      const token = opts.csrf === false ? null : typeof opts.csrf === 'string' ? opts.csrf : csrfOf(last?.body ?? '');
      const body = new URLSearchParams({ ...fields, ...(token ? { _csrf: token } : {}) }).toString();
      return remember(
        await app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: headers({ 'content-type': 'application/x-www-form-urlencoded' }),
        }),
      );
    },
  };
}

export const csrfOf = (html: string): string | null => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? null;

/** A photo of the company's library (what website content shows) uploaded as `token` (ROLE_PHOTO and a website role); its id. */
export async function uploadPhoto(app: FastifyInstance, token: string, color = '#2563eb', width = 1600, height = 900): Promise<number> {
  const res = await uploadMultipart(
    app,
    token,
    '/api/admin/photo/upload?library=company',
    {},
    { name: 'site.jpg', data: await samplePhoto(color, width, height), type: 'image/jpeg' },
  );
  if (res.statusCode !== 200) throw new Error(`photo upload: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdOf(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => [JSON.parse(m[1]!)].flat());
}
