import { cloneElement, Suspense, useEffect, useRef, useState, type ComponentType, type ReactElement, type Ref } from 'react';
import type { DropdownProps } from 'antd/es/dropdown';
import type { PopconfirmProps } from 'antd/es/popconfirm';
import { preloadable } from '../lib/preloadable.ts';

type TriggerProps = { ref?: Ref<HTMLElement>; onPointerEnter?: () => void; onFocus?: () => void; onClick?: () => void };
type PopupProps<P> = Omit<P, 'children' | 'open' | 'onOpenChange'> & { children: ReactElement<TriggerProps> };

type LoadablePopup = ComponentType<Record<string, unknown>> & { preload(): Promise<unknown> };
const loadable = <P,>(load: () => Promise<{ default: ComponentType<P> }>) => preloadable(load) as unknown as LoadablePopup;

// antd's Dropdown draws its list with antd's Menu: with their stylesheets some 60 KB of CSS and the
// menu's JS that the first screen would parse for buttons that look the same without them.
const Dropdown = loadable<DropdownProps>(() => import('antd/es/dropdown'));
// antd's Popconfirm (popover, trigger, their CSS): a list of devices renders one per "sign out" button.
const Popconfirm = loadable<PopconfirmProps>(() => import('antd/es/popconfirm'));

/**
 * A click-triggered antd popup (a dropdown, a confirmation) whose module loads when its button is first
 * pointed at, focused or pressed: until then the button stands alone, with none of the popup's JS,
 * stylesheet or per-render hooks on the screen. A press before the module has arrived opens the popup once
 * it has; a button that had the focus keeps it.
 */
function DeferredPopup({ popup: Popup, children, ...props }: { popup: LoadablePopup; children: ReactElement<TriggerProps> }) {
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
        <Popup {...props} open={open} onOpenChange={setOpen}>
          {cloneElement(children, { ref: trigger })}
        </Popup>
      </Suspense>
    );
  const arm = (openNow: boolean) => {
    void Popup.preload().then(() => {
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

export const DeferredDropdown = (props: PopupProps<DropdownProps>) => <DeferredPopup popup={Dropdown} {...props} />;
export const DeferredPopconfirm = (props: PopupProps<PopconfirmProps>) => <DeferredPopup popup={Popconfirm} {...props} />;
