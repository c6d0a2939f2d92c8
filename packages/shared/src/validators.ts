/** Every validation rule of spec section 5, once. Each returns true when the value passes. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const isEmail = (v: unknown): boolean => typeof v === 'string' && EMAIL.test(v);
export const hasMinLength = (v: unknown, n: number): boolean => typeof v === 'string' && v.length >= n;
export const isFilled = (v: unknown): boolean =>
  v !== null && v !== undefined && (typeof v !== 'string' || v.trim().length > 0) && (!Array.isArray(v) || v.length > 0);

export const PASSWORD_MIN_LENGTH = 4;
export const isPassword = (v: unknown, min = PASSWORD_MIN_LENGTH): boolean => isFilled(v) && hasMinLength(v, min);

/** '+', 3 digits, a non-zero digit, then 8 more digits. */
export const isGlobalPhone = (v: unknown): boolean => typeof v === 'string' && /^\+\d{3}[1-9]\d{8}$/.test(v);
/** 09 followed by 8 digits. */
export const isLocalMobile = (v: unknown): boolean => typeof v === 'string' && /^09\d{8}$/.test(v);
/** 0 followed by 8 or 9 digits. */
export const isLocalLandline = (v: unknown): boolean => typeof v === 'string' && /^0\d{8,9}$/.test(v);
export const isMobile = (v: unknown): boolean => isLocalMobile(v) || isGlobalPhone(v);

export const hasNoWhitespace = (v: unknown): boolean => typeof v !== 'string' || !/\s/.test(v);
export const hasNoForbiddenChars = (v: unknown, chars: readonly string[]): boolean =>
  typeof v !== 'string' || !chars.some((c) => v.includes(c));

export const STRICT_FORBIDDEN_CHARS = ['^', "'", '`', '!', '@', '#', '%', '&', '*', '+', '"', '<', '>', '|', '_', '[', ']', '。'] as const;
export const isStrictString = (v: unknown): boolean => hasNoForbiddenChars(v, STRICT_FORBIDDEN_CHARS);

export const isDigits = (v: unknown): boolean => typeof v === 'string' && /^\d+$/.test(v);

export type PasswordStrength = 'strong' | 'medium' | 'weak';
export function passwordStrength(v: string): PasswordStrength {
  const lower = /[a-z]/.test(v);
  const upper = /[A-Z]/.test(v);
  const digit = /\d/.test(v);
  if (lower && upper && digit && /[!@#$%^&*]/.test(v) && v.length >= 8) return 'strong';
  if ([lower, upper, digit].filter(Boolean).length >= 2 && v.length >= 4) return 'medium';
  return 'weak';
}

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;
/** A file name ending in an accepted image extension (a bare "png" with no dot is not a file name with one). */
export const isImageFileName = (name: string): boolean =>
  name.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

/**
 * YouTube id from a short link (youtu.be/ID) or from the v= parameter of a youtube.com link; null
 * when there is none, or when what is there is not an 11-character id (it ends up in an embed URL).
 */
export function youtubeId(url: string): string | null {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    const host = u.hostname.toLowerCase();
    const id = host === 'youtu.be' ? u.pathname.slice(1).split('/')[0] : YOUTUBE_HOSTS.has(host) ? u.searchParams.get('v') : null;
    return id && YOUTUBE_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Where a YouTube link starts playing, in seconds: its `t=` (or `start=`) parameter, as YouTube writes
 * it (`90`, `90s`, `1m30s`, `1h2m3s`); null without one, or when it is not such a time.
 */
export function youtubeStart(url: string): number | null {
  let raw: string | null;
  try {
    const u = new URL(url.trim());
    raw = u.searchParams.get('t') ?? u.searchParams.get('start');
  } catch {
    return null;
  }
  const m = raw ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(raw) : null;
  if (!m || !(m[1] || m[2] || m[3])) return null;
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

/** The privacy-enhanced embed address of a video (from `start` seconds): the only frame the server's sanitiser and the CSP admit. */
export const youtubeEmbedUrl = (id: string, start?: number | null) =>
  `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}`;

/**
 * An absolute http(s) URL with a host, what a link to another site may be: never `javascript:`,
 * `data:` or a protocol-relative `//host`; no whitespace or backslash (browsers read `\` as `/`).
 */
export function isHttpUrl(v: unknown): boolean {
  if (typeof v !== 'string' || !/^https?:\/\/[^/\\\s]/i.test(v) || /[\s\\]/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A path of the site itself: one leading slash, never `//host` or `/\host` (a browser reads both as
 * another host), no backslash anywhere. The one site-path rule of banner links and rich-text links.
 */
export const isSitePath = (v: unknown): boolean => typeof v === 'string' && /^\/(?![/\\])[^\\]*$/.test(v);
