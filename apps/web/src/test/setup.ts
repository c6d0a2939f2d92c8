// jsdom lacks what antd measures with.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    (window as any).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  const orig = window.getComputedStyle;
  window.getComputedStyle = (elt: Element, pseudo?: string | null) => orig.call(window, elt, pseudo ? undefined : pseudo);
}

// findBy*/waitFor give up after one second by default: on a busy two-core CI machine, antd forms whose
// rules load their schema lazily take longer than that. Ten seconds, as the slowest tests already ask.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadLanguage } from '../i18n/index.ts';
configure({ asyncUtilTimeout: 10_000 });

// Every test's screens are unmounted after it (Testing Library does this itself only with Vitest's globals
// on): a screen left mounted (an open select still animating) had React work run after the file's jsdom
// was torn down, "window is not defined", an error outside any test that fails the run.
afterEach(cleanup);

// English loads on demand in the app (i18n/index.ts): tests switch languages with i18n.changeLanguage, so it is there from the start.
await loadLanguage('en-US');
