import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '@bo/shared/csp';
import { letScriptsStyle, readCspNonce } from './csp.ts';

const page = (head: string) => new JSDOM(`<!doctype html><html><head>${head}</head><body></body></html>`).window as unknown as Window & typeof globalThis;

describe('CSP nonce', () => {
  it('reads the nonce the server wrote into the csp-nonce meta tag', () => {
    expect(readCspNonce(page('<meta property="csp-nonce" nonce="r4nd0m+/=">').document)).toBe('r4nd0m+/=');
  });

  it('has no nonce when the page came without a policy: no meta tag, or the build placeholder left as it is', () => {
    expect(readCspNonce(page('').document)).toBeUndefined();
    expect(readCspNonce(page(`<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">`).document)).toBeUndefined();
  });

  it('gives the style elements scripts create the nonce, and sends their style attributes through the CSSOM', () => {
    const win = page('');
    letScriptsStyle('n0nce', win);
    const style = win.document.createElement('style');
    expect(style.nonce).toBe('n0nce');
    expect(win.document.createElement('div').nonce ?? '').toBe('');

    const area = win.document.createElement('textarea');
    area.setAttribute('style', 'position: absolute; top: -9999px');
    expect(area.style.position).toBe('absolute');
    expect(area.style.top).toBe('-9999px');
    area.setAttribute('title', 'kept as an attribute');
    expect(area.getAttribute('title')).toBe('kept as an attribute');
  });

  it('changes nothing without a nonce', () => {
    const win = page('');
    const { createElement } = win.Document.prototype;
    letScriptsStyle(undefined, win);
    expect(win.Document.prototype.createElement).toBe(createElement);
  });
});
