import { useEffect, useRef } from 'react';

/**
 * A mail's HTML in a sandboxed frame that runs nothing (no allow-scripts). The page's
 * Content-Security-Policy (no inline styles) would also govern a srcdoc frame, so the mail is parsed
 * with DOMParser (which renders and runs nothing) and moved in with its inline styles set through the
 * CSSOM, which the policy allows.
 */
export function MailPreviewFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    for (const bad of parsed.querySelectorAll('script, iframe, object, embed, link, meta, base, form')) bad.remove();
    const styled: [Element, string][] = [];
    for (const el of parsed.body.querySelectorAll('[style]')) {
      styled.push([el, el.getAttribute('style') ?? '']);
      el.removeAttribute('style');
    }
    for (const el of parsed.body.querySelectorAll('*')) {
      for (const attr of [...el.attributes]) if (attr.name.startsWith('on')) el.removeAttribute(attr.name);
    }
    const bodyStyle = parsed.body.getAttribute('style') ?? '';
    parsed.body.removeAttribute('style');
    doc.body.replaceChildren(...[...parsed.body.childNodes].map((n) => doc.importNode(n, true)));
    doc.body.style.cssText = bodyStyle || 'margin:0;font-family:sans-serif';
    // importNode copied the elements in order: pair them again by walking both trees.
    const imported = doc.body.querySelectorAll('*');
    const originals = parsed.body.querySelectorAll('*');
    const index = new Map([...originals].map((el, i) => [el, i]));
    for (const [el, css] of styled) {
      const i = index.get(el);
      const target = i === undefined ? null : imported[i];
      if (target instanceof HTMLElement) target.style.cssText = css;
    }
    for (const a of doc.body.querySelectorAll('a')) a.setAttribute('target', '_blank');
  }, [html]);
  return (
    <iframe ref={frame} title={title} sandbox="allow-same-origin allow-popups" className="mail-preview-frame" data-testid="mail-preview" />
  );
}
