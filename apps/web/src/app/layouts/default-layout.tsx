import type { ReactNode } from 'react';
import { LanguageToggle } from './language-toggle.tsx';

/** Public screens: a plain page with the language switch at the top right. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="default-layout">
      <div className="default-layout-bar">
        <LanguageToggle />
      </div>
      <main className="default-layout-main">{children}</main>
    </div>
  );
}
