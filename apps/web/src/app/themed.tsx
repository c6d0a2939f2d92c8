import { lazy, type ComponentType } from 'react';

const theme = () => import('./antd-theme.tsx');

/** AntdTheme (app/antd-theme.tsx) loaded when first rendered: the sign-in route never loads Ant Design. */
export const Themed = lazy(() => theme().then((m) => ({ default: m.AntdTheme })));

/** A lazily loaded component that renders antd inside AntdTheme: its chunk and the theme's load together. */
export function themedLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { AntdTheme }] = await Promise.all([load(), theme()]);
    return {
      default: (props: P) => (
        <AntdTheme>
          <Component {...props} />
        </AntdTheme>
      ),
    };
  });
}
