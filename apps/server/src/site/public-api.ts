import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { FINGERPRINT_HEADER } from '@bo/shared/messages';

/** What the website may call: the public content API, the public settings and the member API. Nothing else, never the database. */
const ALLOWED = /^\/api\/(?:public\/|settings(?:\?|$)|member\/)/;

/** The fingerprint of the site's own reads; member calls send the visitor's (member-session.ts). */
export const RENDERER_FINGERPRINT = 'company-website';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

export type Query = Record<string, string | number | undefined | null>;

export const withQuery = (path: string, query: Query = {}): string => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
};

/**
 * The website's client of the API, in process (`app.inject`): every call goes through the same routes,
 * access hook, feature flags and rate limits as a browser's, from the visitor's address.
 */
export class PublicApi {
  constructor(
    private readonly app: FastifyInstance,
    private readonly from: { ip: string; userAgent?: string } = { ip: '127.0.0.1' },
  ) {}

  static for(app: FastifyInstance, req: FastifyRequest): PublicApi {
    return new PublicApi(app, { ip: req.ip, userAgent: req.headers['user-agent'] });
  }

  get<T = any>(path: string, query?: Query, opts: { token?: string; fingerprint?: string } = {}): Promise<ApiAnswer<T>> {
    return this.call<T>('GET', withQuery(path, query), undefined, opts);
  }

  post<T = any>(path: string, body: unknown = {}, opts: { token?: string; fingerprint?: string } = {}): Promise<ApiAnswer<T>> {
    return this.call<T>('POST', path, body, opts);
  }

  put<T = any>(path: string, body: unknown = {}, opts: { token?: string; fingerprint?: string } = {}): Promise<ApiAnswer<T>> {
    return this.call<T>('PUT', path, body, opts);
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body: unknown,
    opts: { token?: string; fingerprint?: string },
  ): Promise<ApiAnswer<T>> {
    if (!ALLOWED.test(url)) throw new Error(`the website does not call ${url}`);
    const headers: Record<string, string> = { [FINGERPRINT_HEADER]: opts.fingerprint ?? RENDERER_FINGERPRINT };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (this.from.userAgent) headers['user-agent'] = this.from.userAgent.slice(0, 500);
    const options: InjectOptions = { method, url, headers, remoteAddress: this.from.ip };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const res = await this.app.inject(options);
    let parsed: unknown = null;
    if (res.body && /json/.test(String(res.headers['content-type'] ?? ''))) {
      try {
        parsed = JSON.parse(res.body);
      } catch {
        parsed = null;
      }
    }
    return { status: res.statusCode, body: parsed as T };
  }
}
