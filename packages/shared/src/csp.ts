/**
 * The nonce Vite writes into index.html's tags and its `csp-nonce` meta tag (apps/web/vite.config.ts,
 * `html.cspNonce`). The server replaces it with a fresh nonce in each index.html response
 * (apps/server/src/plugins/web-assets.ts); a page that still holds it was served without a policy.
 */
export const CSP_NONCE_PLACEHOLDER = '__BO_CSP_NONCE__';
