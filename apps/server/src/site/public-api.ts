import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import type { z } from 'zod';
import { FINGERPRINT_HEADER } from '@bo/shared/messages';
import { siteHostMatches } from './site-host.ts';
import type { publicBannerList, publicBannerSchema } from '@bo/shared/schemas/banner';
import type { oauthUrlResponse } from '@bo/shared/schemas/account';
import type { memberProfileSchema, memberSentResponse, memberSessionResponse } from '@bo/shared/schemas/member';
import type { pageCategoryTree, publicPage, publicPageList } from '@bo/shared/schemas/page';
import type { productCategoryTree, publicProduct, publicProductList } from '@bo/shared/schemas/product';
import type { PublicSettings } from '@bo/shared/schemas/settings';
import type { publicVideoList } from '@bo/shared/schemas/video';
import type { PublicWebsite } from '@bo/shared/schemas/website-settings';

/** What the website may call: the public content API, the public settings and the member API. Nothing else, never the database. */
const ALLOWED = /^\/api\/(?:public\/|settings(?:\?|$)|member\/)/;

/** The fingerprint of the site's own reads; member calls send the visitor's (member-session.ts). */
export const RENDERER_FINGERPRINT = 'company-website';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

type MemberAccount<P extends string> = `/api/member/account/${P}`;

/**
 * What a route the website calls answers with 200, by its path: the route's response schema of
 * @bo/shared, so a change to a schema shows in the website's types. A path with a query string is the
 * route without it (`withQuery` adds it). Other statuses carry the API's error body.
 */
export type AnswerOf<P extends string> = P extends '/api/settings'
  ? PublicSettings
  : P extends '/api/public/website'
    ? PublicWebsite
    : P extends `/api/public/preview/page/${string}`
      ? z.infer<typeof publicPage>
      : P extends `/api/public/preview/product/${string}`
        ? z.infer<typeof publicProduct>
        : P extends `/api/public/preview/banner/${string}`
          ? z.infer<typeof publicBannerSchema>
          : P extends '/api/public/banners'
            ? z.infer<typeof publicBannerList>
            : P extends '/api/public/pages'
              ? z.infer<typeof publicPageList>
              : P extends '/api/public/page-categories'
                ? z.infer<typeof pageCategoryTree>
                : P extends `/api/public/pages/${string}/${string}`
                  ? z.infer<typeof publicPage>
                  : P extends '/api/public/products'
                    ? z.infer<typeof publicProductList>
                    : P extends '/api/public/product-categories'
                      ? z.infer<typeof productCategoryTree>
                      : P extends `/api/public/products/${string}`
                        ? z.infer<typeof publicProduct>
                        : P extends '/api/public/videos'
                          ? z.infer<typeof publicVideoList>
                          : P extends '/api/public/contact'
                            ? { received: true }
                            : P extends MemberAccount<
                                  'login' | 'login-via-email-otp' | 'confirm' | 'renew' | 'password' | `oauth-login/${string}`
                                >
                              ? z.infer<typeof memberSessionResponse>
                              : P extends MemberAccount<'sign-up' | 'send-reset-password-mail' | 'resend-confirmation'>
                                ? z.infer<typeof memberSentResponse>
                                : P extends MemberAccount<'profile' | 'email' | 'email/confirm'>
                                  ? z.infer<typeof memberProfileSchema>
                                  : P extends MemberAccount<`oauth-url/${string}`>
                                    ? z.infer<typeof oauthUrlResponse>
                                    : unknown;

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
    private readonly from: { ip: string; userAgent?: string; host?: string } = { ip: '127.0.0.1' },
  ) {}

  /**
   * The visitor's address, browser and (off SITE_HOST) the Host it asked on: without PUBLIC_URL the
   * API builds a mail's links on that host when it is the server's own (lib/link-origin.ts).
   */
  static for(app: FastifyInstance, req: FastifyRequest): PublicApi {
    const host = siteHostMatches(app.config.site.host, req.headers.host) ? undefined : req.headers.host;
    return new PublicApi(app, { ip: req.ip, userAgent: req.headers['user-agent'], host });
  }

  get<P extends string>(path: P, query?: Query, opts: { token?: string; fingerprint?: string } = {}): Promise<ApiAnswer<AnswerOf<P>>> {
    return this.call('GET', withQuery(path, query), undefined, opts);
  }

  post<P extends string>(
    path: P,
    body: unknown = {},
    opts: { token?: string; fingerprint?: string } = {},
  ): Promise<ApiAnswer<AnswerOf<P>>> {
    return this.call('POST', path, body, opts);
  }

  put<P extends string>(path: P, body: unknown = {}, opts: { token?: string; fingerprint?: string } = {}): Promise<ApiAnswer<AnswerOf<P>>> {
    return this.call('PUT', path, body, opts);
  }

  delete<P extends string>(path: P, opts: { token?: string; fingerprint?: string } = {}): Promise<ApiAnswer<AnswerOf<P>>> {
    return this.call('DELETE', path, undefined, opts);
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body: unknown,
    opts: { token?: string; fingerprint?: string },
  ): Promise<ApiAnswer<T>> {
    if (!ALLOWED.test(url)) throw new Error(`the website does not call ${url}`);
    const headers: Record<string, string> = { [FINGERPRINT_HEADER]: opts.fingerprint ?? RENDERER_FINGERPRINT };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (this.from.userAgent) headers['user-agent'] = this.from.userAgent.slice(0, 500);
    if (this.from.host) headers.host = this.from.host;
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
