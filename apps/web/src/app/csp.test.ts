import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSP_NONCE_PLACEHOLDER } from '@bo/shared/csp';
import { letScriptsStyle, readCspNonce } from './csp.ts';

function pageWith(head: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.head.innerHTML = head;
  return doc;
}

const { createElement } = Document.prototype;
const { setAttribute } = Element.prototype;
afterEach(() => {
  Document.prototype.createElement = createElement;
  Element.prototype.setAttribute = setAttribute;
});

describe('CSP nonce', () => {
  it('reads the nonce the server wrote into the csp-nonce meta tag', () => {
    expect(readCspNonce(pageWith('<meta property="csp-nonce" nonce="r4nd0m+/=">'))).toBe('r4nd0m+/=');
  });

  it('has no nonce when the page came without a policy: no meta tag, or the build placeholder left as it is', () => {
    expect(readCspNonce(pageWith(''))).toBeUndefined();
    expect(readCspNonce(pageWith(`<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">`))).toBeUndefined();
  });

  it('gives the style elements scripts create the nonce, and sends their style attributes through the CSSOM', () => {
    letScriptsStyle('n0nce');
    expect(document.createElement('style').nonce).toBe('n0nce');
    expect(document.createElement('div').nonce ?? '').toBe('');

    const area = document.createElement('textarea');
    area.setAttribute('style', 'position: absolute; top: -9999px');
    expect(area.style.position).toBe('absolute');
    expect(area.style.top).toBe('-9999px');
    area.setAttribute('title', 'kept as an attribute');
    expect(area.getAttribute('title')).toBe('kept as an attribute');
  });

  it('changes nothing without a nonce', () => {
    letScriptsStyle(undefined);
    expect(Document.prototype.createElement).toBe(createElement);
    expect(Element.prototype.setAttribute).toBe(setAttribute);
  });
});

describe('zod under the policy', () => {
  it('runs without probing eval, which the policy refuses', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ id: z.number() }).parse({ id: 1 })).toEqual({ id: 1 });
  });
});
