import { FINGERPRINT_HEADER, MESSAGES, PERMISSION_KEYS, type RoleRefusal } from '@bo/shared/messages';
import i18n from '../i18n/index.ts';
import { roleMissingText } from './role-refusal.ts';
import { fingerprint } from './fingerprint.ts';
import { takeFirstScreenAnswer } from './first-screen-calls.ts';
import { getActiveOrganizationId } from './organization-store.ts';
import { clearToken, getToken } from './token-store.ts';
import { SHELL_TOAST, toast } from './toast.ts';
import { loading } from './loading.ts';

/** An answer other than 2xx: `{message, errors?: {field: [translation keys]}}` (spec section 7). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  /** The whole answer, for the routes whose refusal says more than its field errors (a 409 naming what it would remove). */
  readonly body?: unknown;
  constructor(status: number, message: string, errors?: Record<string, string[]>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

export interface RequestOptions {
  /** Adds organization_id of the active organization (query for GET, body otherwise). */
  organization?: boolean;
  signal?: AbortSignal;
  /** Do not show the thin progress bar for this call (background renewals). */
  silent?: boolean;
  /** The call outlives the page (a tab closing ends its edit lease). */
  keepalive?: boolean;
  /** The version the record was read at, sent as `If-Match` (issue 36); `'*'` overwrites on purpose. */
  version?: number | '*';
}
export interface UploadOptions {
  params?: Record<string, unknown>;
  onProgress?: (percent: number) => void;
  organization?: boolean;
}
export interface DownloadOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  onProgress?: (percent: number) => void;
  organization?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Delay of spec section 8 before an invalid token is cleared. */
export const INVALID_TOKEN_CLEAR_MS = 500;
let invalidTimer: ReturnType<typeof setTimeout> | null = null;
/** Tokens the server called invalid while the timer runs: only these are cleared. */
const invalidTokens = new Set<string>();

function headers(token: string | null, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { [FINGERPRINT_HEADER]: fingerprint(), accept: 'application/json', ...extra };
  if (token) h.authorization = `Bearer ${token}`;
  return h;
}

export function toQuery(params?: Record<string, unknown> | null): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    // Repeated keys (ids=1&ids=2): what Fastify's query parser turns into an array.
    if (Array.isArray(v)) for (const item of v) q.append(k, String(item));
    else q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

const withQuery = (url: string, params?: Record<string, unknown> | null) => {
  const q = toQuery(params);
  return q ? `${url}${url.includes('?') ? '&' : '?'}${q.slice(1)}` : url;
};

function withOrganization<T>(data: T, on?: boolean): T {
  if (!on) return data;
  const id = getActiveOrganizationId();
  if (id === null) return data;
  if (data instanceof FormData) {
    data.set('organization_id', String(id));
    return data;
  }
  return { ...((data ?? {}) as object), organization_id: id } as T;
}

/**
 * Spec sections 7 and 8: 401 "Invalid token" clears the token after 0.5 s with a warning toast,
 * unless the stored token is by then another one (renewed meanwhile, here or in another tab) than
 * the one `sent` with the refused call; 423 "Recaptcha verify fail" shows an error toast. The
 * error still goes to the caller.
 */
function handleFailure(
  status: number,
  body: { message?: string; errors?: Record<string, string[]> } | null,
  sent: string | null,
): ApiError {
  const message = body?.message ?? (status === 0 ? 'network' : `HTTP ${status}`);
  if (status === 401 && message === MESSAGES.invalidToken) {
    if (sent) invalidTokens.add(sent);
    if (!invalidTimer) {
      invalidTimer = setTimeout(() => {
        invalidTimer = null;
        const current = getToken();
        const refused = current !== null && invalidTokens.has(current);
        invalidTokens.clear();
        if (refused) {
          clearToken();
          toast.warning({
            title: i18n.t('session.tokenInvalid'),
            description: i18n.t('session.tokenInvalidContent'),
            duration: SHELL_TOAST.duration,
          });
        }
      }, INVALID_TOKEN_CLEAR_MS);
    }
  } else if (status === 423 && message === MESSAGES.recaptchaFail) {
    toast.error({
      title: i18n.t('session.recaptchaFail'),
      description: i18n.t('session.recaptchaFailContent'),
      duration: SHELL_TOAST.duration,
    });
  }
  return new ApiError(status, message, body?.errors, body);
}

async function request<T>(method: Method, url: string, data?: unknown, opts: RequestOptions = {}): Promise<T> {
  const payload = withOrganization(
    (data ?? (opts.organization ? {} : undefined)) as Record<string, unknown> | undefined,
    opts.organization,
  );
  const isGet = method === 'GET';
  const target = isGet ? withQuery(url, payload as Record<string, unknown> | undefined) : url;
  const body = isGet || payload === undefined ? undefined : JSON.stringify(payload);
  const done = opts.silent ? () => {} : loading.startProgress();
  const token = getToken();
  const ask = () =>
    fetch(target, {
      method,
      headers: headers(token, {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.version !== undefined ? { 'if-match': ifMatch(opts.version) } : {}),
      }),
      body,
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  // The first screen's calls went out before this code arrived (public/first-screen.js); a failed one is asked again.
  const early = isGet ? takeFirstScreenAnswer(target, token) : null;
  let res: Response;
  try {
    res = await (early ? early.catch(ask) : ask());
  } catch (e) {
    done();
    if ((e as Error)?.name === 'AbortError') throw e;
    // No response: rejected with no value (spec section 7).
    return Promise.reject(undefined);
  }
  done();
  const text = await res.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!res.ok) throw handleFailure(res.status, json as { message?: string } | null, token);
  if (!isGet) announceWrite(url, json);
  return json as T;
}

type WriteListener = (url: string, answer: unknown) => void;
const writeListeners = new Set<WriteListener>();
/**
 * Hears the answer of every write this tab makes (path without query, JSON answer): an open form
 * learns the version its own child writes (a certificate's scan, a photo) gave its record.
 */
export function onWriteAnswer(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => void writeListeners.delete(listener);
}
function announceWrite(url: string, answer: unknown) {
  const path = url.split('?')[0];
  for (const l of writeListeners) l(path, answer);
}

/** The `If-Match` value of a version: `"7"`, or `*` for "whatever is there". */
export const ifMatch = (version: number | '*'): string => (version === '*' ? '*' : `"${version}"`);

function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

function xhr<T>(
  method: Method,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  o: {
    json?: boolean;
    onUploadProgress?: (p: number) => void;
    onDownloadProgress?: (p: number) => void;
    blob?: boolean;
  },
): Promise<{ value: T; xhr: XMLHttpRequest }> {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open(method, url);
    const token = getToken();
    for (const [k, v] of Object.entries(headers(token, o.json ? { 'content-type': 'application/json' } : {}))) x.setRequestHeader(k, v);
    x.responseType = o.blob ? 'blob' : 'text';
    const done = loading.startProgress();
    if (o.onUploadProgress) {
      x.upload.onprogress = (e) => {
        if (e.lengthComputable) o.onUploadProgress!(Math.round((e.loaded / e.total) * 100));
      };
    }
    if (o.onDownloadProgress) {
      x.onprogress = (e) => {
        if (e.lengthComputable) o.onDownloadProgress!(Math.round((e.loaded / e.total) * 100));
      };
    }
    x.onerror = () => {
      done();
      reject(undefined);
    };
    x.onabort = () => {
      done();
      reject(undefined);
    };
    x.onload = async () => {
      done();
      const ok = x.status >= 200 && x.status < 300;
      if (!ok) {
        let parsed: { message?: string; errors?: Record<string, string[]> } | null = null;
        try {
          const text = o.blob ? await (x.response as Blob).text() : (x.responseText as string);
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        reject(handleFailure(x.status, parsed, token));
        return;
      }
      if (o.blob) resolve({ value: x.response as T, xhr: x });
      else {
        try {
          resolve({ value: (x.responseText ? JSON.parse(x.responseText) : null) as T, xhr: x });
        } catch {
          resolve({ value: null as T, xhr: x });
        }
      }
    };
    x.send(body);
  });
}

export const api = {
  get: <T>(url: string, params?: Record<string, unknown> | null, opts?: RequestOptions) =>
    request<T>('GET', url, params ?? undefined, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body, opts),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', url, body, opts),
  patch: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', url, body, opts),
  delete: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', url, body, opts),

  /** Multipart POST with upload progress (0–100). A File is sent as the `file` field. */
  async upload<T>(url: string, file: File | FormData, opts: UploadOptions = {}): Promise<T> {
    let form: FormData;
    if (file instanceof FormData) form = file;
    else {
      form = new FormData();
      form.append('file', file);
    }
    const params = opts.organization ? withOrganization({ ...(opts.params ?? {}) }, true) : opts.params;
    const { value } = await xhr<T>('POST', withQuery(url, params), form, { onUploadProgress: opts.onProgress });
    announceWrite(url, value);
    return value;
  },

  /** A blob answer (spreadsheets, private files) with download progress and the server's file name. */
  async download(url: string, body?: unknown, opts: DownloadOptions = {}): Promise<{ blob: Blob; filename: string }> {
    const method = opts.method ?? 'POST';
    const payload = withOrganization(
      (body ?? (opts.organization ? {} : undefined)) as Record<string, unknown> | undefined,
      opts.organization,
    );
    const isGet = method === 'GET';
    const target = isGet ? withQuery(url, payload) : url;
    const send = isGet || payload === undefined ? null : JSON.stringify(payload);
    const { value, xhr: x } = await xhr<Blob>(method, target, send, {
      json: send !== null,
      blob: true,
      onDownloadProgress: opts.onProgress,
    });
    const fallback = decodeURIComponent(url.split('?')[0].split('/').pop() || 'download');
    return { blob: value, filename: filenameFrom(x.getResponseHeader('content-disposition'), fallback) };
  },
};

/** Saves a downloaded blob through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Translated text for an error from `api`: the server message through the catalogue of
 * section 8 (`server.<message>`), or the network message when no response arrived.
 */
export function errorText(e: unknown): string {
  if (e === undefined) return i18n.t('server.network');
  const refusal = roleRefusalOf(e);
  if (refusal) return roleMissingText(refusal.required_roles, refusal.granted_by);
  if (e instanceof ApiError) return i18n.t(`server.${e.message}`, { defaultValue: e.message });
  return e instanceof Error ? e.message : i18n.t('error.unknown');
}

/** A 403 for want of a role (issue 26): the roles any one of which would do and who may grant them. */
export function roleRefusalOf(e: unknown): RoleRefusal | null {
  if (!(e instanceof ApiError) || e.status !== 403) return null;
  const b = e.body as Partial<RoleRefusal> | undefined;
  if (b?.key !== PERMISSION_KEYS.roleMissing || !Array.isArray(b.required_roles) || !Array.isArray(b.granted_by)) return null;
  return b as RoleRefusal;
}
