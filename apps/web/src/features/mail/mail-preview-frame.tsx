import { useEffect, useRef } from 'react';

const STYLE_ATTRIBUTE = /(\s)style\s*=\s*("[^"]*"|'[^']*')/gi;

/**
 * A mail's HTML in a sandboxed frame that runs nothing (no allow-scripts). The page's
 * Content-Security-Policy (no inline styles) also governs this frame and even DOMParser, so inline
 * style attributes are renamed before parsing and applied afterwards through the CSSOM, which the
 * policy allows.
 */
export function MailPreviewFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const parsed = new DOMParser().parseFromString(html.replace(STYLE_ATTRIBUTE, '$1data-mail-style=$2'), 'text/html');
    for (const bad of parsed.querySelectorAll('script, iframe, object, embed, link, meta, base, form, style')) bad.remove();
    for (const el of parsed.body.querySelectorAll('*')) {
      for (const attr of [...el.attributes]) if (attr.name.startsWith('on')) el.removeAttribute(attr.name);
    }
    doc.body.replaceChildren(...[...parsed.body.childNodes].map((n) => doc.importNode(n, true)));
    doc.body.style.cssText = parsed.body.getAttribute('data-mail-style') ?? 'margin:0;font-family:sans-serif';
    for (const el of doc.body.querySelectorAll<HTMLElement>('[data-mail-style]')) {
      el.style.cssText = el.getAttribute('data-mail-style') ?? '';
      el.removeAttribute('data-mail-style');
    }
    for (const a of doc.body.querySelectorAll('a')) a.setAttribute('target', '_blank');
  }, [html]);
  return (
    <iframe ref={frame} title={title} sandbox="allow-same-origin allow-popups" className="mail-preview-frame" data-testid="mail-preview" />
  );
}
