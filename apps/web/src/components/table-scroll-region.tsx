import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Around an antd Table with `scroll.x`: its scrolling part (which antd renders inside) takes the keyboard
 * focus and a name, so a keyboard user can scroll it (axe scrollable-region-focusable), even with no link
 * or button in its rows.
 */
export function TableScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const el of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (el.getAttribute('aria-label') === label) continue;
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', label);
      }
    };
    mark();
    const watch = new MutationObserver(mark);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [label]);
  return <div ref={ref}>{children}</div>;
}
