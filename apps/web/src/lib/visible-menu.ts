import { createContext, useContext } from 'react';
import type { VisibleMenuItem } from './menu.ts';

/** The admin menu as the signed-in admin sees it (roles and feature flags applied), provided by the admin layout. */
export const VisibleMenuContext = createContext<readonly VisibleMenuItem[]>([]);

/** The menu the admin sees (the overview's shortcuts, say). */
export const useVisibleMenu = (): readonly VisibleMenuItem[] => useContext(VisibleMenuContext);
