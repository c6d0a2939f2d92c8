import { CSP_NONCE_PLACEHOLDER } from '@bo/shared/csp';

/**
 * The nonce of this page's Content-Security-Policy, from the `csp-nonce` meta tag that Vite writes and
 * the server fills in for each response (apps/server/src/plugins/web-assets.ts). Browsers hide nonce
 * attributes once the page is parsed, so the property is read first. Undefined when the page came
 * without a policy (the Vite dev server).
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

/**
 * Under the policy a `<style>` element applies only with the page's nonce, and a style attribute not
 * at all; styles set through the CSSOM (`element.style`, React's style prop) are not restricted. Ant
 * Design's own style sheets take the nonce from ConfigProvider (app/providers.tsx), but parts of it
 * take none: the scroll lock of modals and drawers (@rc-component/portal) writes a bare `<style>`, and
 * TextArea's autoSize styles its measuring copy with setAttribute('style'). So the page's scripts,
 * the only ones the policy lets run, get the nonce on the style elements they create, and their
 * style attributes go through the CSSOM. Markup injected into the page gets neither.
 */
export function letScriptsStyle(nonce: string | undefined, win: Window & typeof globalThis = window): void {
  if (!nonce) return;
  const { Document, Element, HTMLElement, HTMLStyleElement, SVGElement } = win;
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  } as typeof Document.prototype.createElement;
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name.length === 5 && name.toLowerCase() === 'style' && (this instanceof HTMLElement || this instanceof SVGElement)) {
      this.style.cssText = String(value);
      return;
    }
    setAttribute.call(this, name, value);
  };
}

export const cspNonce = readCspNonce();
letScriptsStyle(cspNonce);

/**
 * The policy refuses eval: zod would probe `new Function` (a reported violation) before falling back
 * to the parsers it runs without it. `jitless` takes that fallback without the probe. Set through the
 * global that every copy of zod 4 reads its configuration from (what `z.config()` writes), because
 * importing zod here would move it into the first bundle; csp.test.ts checks zod sees it.
 */
export function makeZodJitless(global: { __zod_globalConfig?: Record<string, unknown> } = globalThis as never): void {
  global.__zod_globalConfig ??= {};
  Object.assign(global.__zod_globalConfig, { jitless: true });
}
makeZodJitless();
