import { cloneElement, Suspense, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { DropdownProps } from 'antd/es/dropdown';
import { preloadable } from '../lib/preloadable.ts';

// antd's Dropdown draws its list with antd's Menu: with their stylesheets some 60 KB of CSS and the
// menu's JS that the first screen would parse for buttons that look the same without them.
const Dropdown = preloadable(() => import('antd/es/dropdown'));

type TriggerProps = { ref?: Ref<HTMLElement>; onPointerEnter?: () => void; onFocus?: () => void; onClick?: () => void };

/**
 * A click-triggered Dropdown whose module loads when its button is first pointed at, focused or
 * pressed. A press before it has arrived opens the menu once it has; a button that had the focus keeps it.
 */
export function DeferredDropdown({
  children,
  ...props
}: Omit<DropdownProps, 'children' | 'open' | 'onOpenChange'> & { children: ReactElement<TriggerProps> }) {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (ready && hadFocus.current) trigger.current?.focus();
  }, [ready]);
  if (ready)
    return (
      <Suspense fallback={children}>
        <Dropdown {...props} open={open} onOpenChange={setOpen}>
          {cloneElement(children, { ref: trigger })}
        </Dropdown>
      </Suspense>
    );
  const arm = (openNow: boolean) => {
    void Dropdown.preload().then(() => {
      hadFocus.current = document.activeElement === trigger.current;
      setReady(true);
      if (openNow) setOpen(true);
    });
  };
  return cloneElement(children, {
    ref: trigger,
    onPointerEnter: () => arm(false),
    onFocus: () => arm(false),
    onClick: () => arm(true),
  });
}
