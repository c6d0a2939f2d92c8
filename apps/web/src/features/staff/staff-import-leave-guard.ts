import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

interface GuardableNavigator { push(...args: unknown[]): void; go?(delta: number): void }

/**
 * Asks before work on the page is lost: closing or reloading the tab (the browser's own prompt) and
 * navigating inside the app (menu, links, the staff list button), which the router's navigator
 * carries out once `confirm` answers true. The app uses <BrowserRouter>, where useBlocker is not
 * available, so the navigator's push and go are wrapped while `when` holds. The browser's own Back
 * button is not held back.
 */
export function useLeaveGuard(when: boolean, confirm: () => Promise<boolean>): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const confirmRef = useRef(confirm);
  confirmRef.current = confirm;
  useEffect(() => {
    if (!when) return;
    const nav = navigator as unknown as GuardableNavigator;
    const { push, go } = nav;
    let asking = false;
    const restore = () => {
      nav.push = push;
      if (go) nav.go = go;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
    const guarded = <A extends unknown[]>(original: (...args: A) => void) => (...args: A) => {
      if (asking) return;
      asking = true;
      void confirmRef.current().then((leave) => {
        asking = false;
        if (!leave) return;
        restore();
        original.apply(nav, args);
      });
    };
    function onBeforeUnload(e: BeforeUnloadEvent) {
      e.preventDefault();
      e.returnValue = '';
    }
    nav.push = guarded(push);
    if (go) nav.go = guarded(go);
    window.addEventListener('beforeunload', onBeforeUnload);
    return restore;
  }, [when, navigator]);
}
