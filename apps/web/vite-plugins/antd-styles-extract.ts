import { createRequire } from 'node:module';

/**
 * Ant Design's component styles rendered once in Node, the way its run-time engine would write them in
 * the browser, grouped by component family (`Button`, `Input`, `Form`… the first name a style module
 * gives `genStyleHooks`). Only the rules: the design tokens stay CSS variables that the page's
 * ConfigProvider writes at run time (primary colour, dark scheme, reduced motion). `Shared` holds the
 * rules every component relies on (links, icons).
 */
export interface ExtractedStyles {
  families: Map<string, string>;
  /** Every style hook the render reached, by the full name it registers under (`Pagination-bordered`). */
  registered: Set<string>;
}

type AnyComponent = React.ComponentType<Record<string, unknown>> & Record<string, never>;

/**
 * Every exported component with the props that make it register all of its style hooks (sub-styles
 * such as Button's compact or Form's item are registered only by the parts that use them).
 */
function demoTree(antd: Record<string, AnyComponent>, h: typeof React.createElement, Fragment: typeof React.Fragment) {
  const special: Record<string, (C: AnyComponent) => React.ReactNode> = {
    Affix: (C) => h(C, null, h('div')),
    BackTop: (C) => h(Fragment, null, h(C), h(antd.FloatButton.BackTop)),
    Cascader: (C) => h(Fragment, null, h(C), h(C.Panel)),
    Dropdown: (C) => h(C, { menu: { items: [] } }, h('div')),
    Menu: (C) => h(C, { items: [{ key: 'a', label: 'a' }] }),
    QRCode: (C) => h(C, { value: 'https://example.com' }),
    Tree: (C) => h(C, { treeData: [] }),
    Tag: (C) => h(Fragment, null, h(C, { color: 'blue' }, 't'), h(C, { color: 'success' }, 't')),
    Badge: (C) => h(Fragment, null, h(C), h(C.Ribbon)),
    Space: (C) => h(Fragment, null, h(C), h(C.Compact, null, h(antd.Button), h(C.Addon, null, '1'))),
    Input: (C) => h(Fragment, null, h(C), h(C.Group, null, h(C), h(C)), h(C.Search), h(C.TextArea), h(C.Password), h(C.OTP)),
    Form: (C) => h(C, null, h(C.Item, { label: 'a', name: 'a' }, h(antd.Input))),
    Modal: (C) =>
      h(
        Fragment,
        null,
        h(C),
        h(C._InternalPanelDoNotUseOrYouWillBeFired),
        h(C._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm' }),
      ),
    message: (C) => h(C._InternalPanelDoNotUseOrYouWillBeFired),
    notification: (C) => h(C._InternalPanelDoNotUseOrYouWillBeFired),
    Layout: (C) => h(C, null, h(C.Header), h(C.Sider), h(C.Content), h(C.Footer)),
    // Its bordered part is drawn only under the wireframe token.
    Pagination: (C) =>
      h(
        Fragment,
        null,
        h(C, { total: 50 }),
        h(C, { total: 50, simple: true }),
        h(antd.ConfigProvider, { theme: { token: { wireframe: true } } }, h(C, { total: 50 })),
      ),
    Row: (C) => h(C, null, h(antd.Col, { span: 12 })),
  };
  const skip = new Set(['ConfigProvider', 'Grid', 'Col', 'theme', 'version', 'unstableSetRender']);
  return Object.keys(antd)
    .filter((name) => !skip.has(name) && (/^[A-Z]/.test(name) || name === 'message' || name === 'notification'))
    .map((name) => h(Fragment, { key: name }, special[name] ? special[name](antd[name]) : h(antd[name])));
}

/** The family a cache path belongs to: `Button-compact` → Button; `Shared|ant` → Shared. */
const familyOf = (component: string) => component.split('-')[0] ?? component;

/** Renders every component of the installed antd once (hashed: false, CSS variables under `cssVarKey`). */
export function extractAntdStyles(root: string, cssVarKey: string): ExtractedStyles {
  const require = createRequire(`${root}/package.json`);
  const React = require('react') as typeof import('react');
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
  const antd = require('antd') as Record<string, AnyComponent>;
  const cssinjs = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const { extract } = require('@ant-design/cssinjs/lib/hooks/useStyleRegister') as {
    extract: (entry: unknown, effects: Record<string, boolean>, options: { plain: boolean }) => [number, string, string] | null;
  };
  const cache = cssinjs.createCache();
  const h = React.createElement;
  const ConfigProvider = antd.ConfigProvider as unknown as React.ComponentType<Record<string, unknown>>;
  renderToString(
    h(
      cssinjs.StyleProvider,
      { cache },
      h(ConfigProvider, { theme: { hashed: false, cssVar: { key: cssVarKey } } }, ...demoTree(antd, h, React.Fragment)),
    ),
  );
  const store = (cache as unknown as { cache: Map<string, [number, unknown]> }).cache;
  const parts = new Map<string, Array<[number, string]>>();
  const registered = new Set<string>();
  for (const [key, value] of store) {
    if (!key.startsWith('style%')) continue;
    // style%<hashId>%<component>%<prefixCls>%<iconPrefixCls>; the keyframes each family uses come with it.
    const [, , component = ''] = key.split('%');
    registered.add(component);
    const text = extract(value[1], {}, { plain: true });
    if (!text) continue;
    const family = familyOf(component);
    parts.set(family, [...(parts.get(family) ?? []), [text[0], text[2]]]);
  }
  const families = new Map<string, string>();
  for (const [family, list] of parts) {
    families.set(
      family,
      list
        .sort((a, b) => a[0] - b[0])
        .map(([, css]) => css)
        .join('\n'),
    );
  }
  return { families, registered };
}
