/** reCAPTCHA v3 (spec section 1): loaded only when the settings carry a site key; the badge is hidden by CSS. */
declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(key: string, o: { action: string }): Promise<string> };
  }
}

let loading: Promise<void> | null = null;
export const RECAPTCHA_TIMEOUT_MS = 8000;

export function loadRecaptcha(siteKey: string | null | undefined): Promise<void> {
  if (!siteKey) return Promise.resolve();
  if (loading) return loading;
  loading = new Promise<void>((resolve) => {
    const s = document.createElement('script');
    s.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    s.async = true;
    s.defer = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      resolve();
    };
    document.head.appendChild(s);
  });
  return loading;
}

/** A token for `action`, or undefined when reCAPTCHA is not configured or did not answer in 8 s. */
export async function recaptchaToken(siteKey: string | null | undefined, action = 'login'): Promise<string | undefined> {
  if (!siteKey) return undefined;
  const attempt = (async () => {
    await loadRecaptcha(siteKey);
    const g = window.grecaptcha;
    if (!g) return undefined;
    return new Promise<string | undefined>((resolve) =>
      g.ready(() => {
        g.execute(siteKey, { action }).then(resolve, () => resolve(undefined));
      }),
    );
  })();
  // The script or Google may never answer (blocked network): sign in without a token rather than hang.
  return Promise.race([attempt, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), RECAPTCHA_TIMEOUT_MS))]);
}
