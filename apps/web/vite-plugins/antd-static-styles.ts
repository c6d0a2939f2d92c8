import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst, type Plugin } from 'vite';
import { extractAntdStyles } from './antd-styles-extract.ts';

/** What the app imports once (main.tsx): the rules every component relies on; in dev, every component's. */
export const ANTD_STYLES_MODULE = 'virtual:antd-styles';
const RESOLVED = `\0${ANTD_STYLES_MODULE}`;

/** A style module of antd and the families it registers: `genStyleHooks('Button', …)`, `genSubStyleComponent(['Form', 'item-item'], …)`. */
const STYLE_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?:.+[\\/]style[\\/].+|_util[\\/]wave[\\/]style)\.js$/;
const STYLE_HOOK = /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(?:\[\s*'(\w+)'\s*,\s*'([\w-]+)'\s*\]|'(\w+)')/g;
/**
 * The style hooks a module declares: its family (the first name) and the full name it registers its
 * rules under (['Input', 'OTP'] → Input-OTP, 'Button' → Button-Button).
 */
export function declaredHooks(code: string): Array<{ family: string; hook: string }> {
  return [...code.matchAll(STYLE_HOOK)].map(([, first, second, single]) =>
    first ? { family: first, hook: `${first}-${second}` } : { family: single!, hook: `${single}-${single}` },
  );
}

const HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/**
 * A style module with the function that generates its rules (the second argument of each hook
 * factory) replaced by an empty one: under zeroRuntime antd never calls it, and without it the rule
 * generators it imports drop out of the bundle. The third argument, the component's tokens, stays:
 * ConfigProvider still writes them as CSS variables.
 */
export function withoutStyleFunctions(code: string): string {
  const spans: Array<[number, number]> = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as { type?: string; callee?: { type: string; name: string }; arguments?: Array<{ start: number; end: number }> };
    if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && HOOK_FACTORIES.has(n.callee.name) && n.arguments?.[1])
      spans.push([n.arguments[1].start, n.arguments[1].end]);
    for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  let out = code;
  for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, start)}() => []${out.slice(end)}`;
  return out;
}

/** Rules that belong to no one component: links, icons (`ant-design-icons`). */
const BASE_FAMILIES = ['Shared', 'ant'];

/**
 * Ant Design without its run-time style engine (issue 27). The component styles are rendered at build
 * time (antd-styles-extract.ts) into one CSS file per component family, and each of antd's style
 * modules imports its family's file: Vite then ships a component's CSS with the chunk that uses the
 * component, so the sign-in route carries the sign-in form's styles and no more. ConfigProvider runs
 * with `zeroRuntime` (lib/theme.ts), so no stylis, hashing or `<style>` writing happens in the browser;
 * the design tokens remain CSS variables that ConfigProvider writes from the app config (primary
 * colour, dark scheme), as before.
 *
 * The files are wrapped in `@layer antd`: the app's own stylesheet wins over them whatever the load
 * order, as it did over the styles antd prepended to the head at run time.
 *
 * The dev server pre-bundles antd (its modules never pass through `transform`), so there the virtual
 * module imports every family at once. Vitest (mode `test`) keeps the run-time engine: nothing here.
 */
export function antdStaticStyles(options: { cssVarKey: string }): Plugin {
  let outDir = '';
  let mode: 'build' | 'serve' | 'test' = 'build';
  let files: Map<string, string> | null = null;
  let registered = new Set<string>();

  /** Extracts once per process and writes the files: family → absolute path of its CSS. */
  function familyFiles(): Map<string, string> {
    if (files) return files;
    const extracted = extractAntdStyles(process.cwd(), options.cssVarKey);
    const { families } = extracted;
    registered = extracted.registered;
    mkdirSync(outDir, { recursive: true });
    files = new Map();
    const base = BASE_FAMILIES.map((f) => families.get(f) ?? '').join('\n');
    for (const [family, css] of [...families, ['base', base] as const]) {
      if (BASE_FAMILIES.includes(family)) continue;
      const file = join(outDir, `${family}.css`);
      writeFileSync(file, `@layer antd{${css}}\n`);
      files.set(family, file);
    }
    return files;
  }

  return {
    name: 'bo:antd-static-styles',
    enforce: 'pre',
    configResolved(config) {
      mode = config.mode === 'test' ? 'test' : config.command;
      outDir = join(config.root, 'node_modules/.cache/antd-static-styles');
    },
    resolveId(id) {
      return id === ANTD_STYLES_MODULE ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (mode === 'test') return 'export {};';
      const all = familyFiles();
      const wanted = mode === 'serve' ? [...all.values()] : [all.get('base')!];
      return wanted.map((f) => `import ${JSON.stringify(f)};`).join('\n');
    },
    transform(code, id) {
      if (mode !== 'build' || !STYLE_MODULE.test(id)) return null;
      const all = familyFiles();
      const imports = new Set<string>();
      for (const { family, hook } of declaredHooks(code)) {
        // One the render in antd-styles-extract.ts never reached would show unstyled: render that part there.
        if (!registered.has(hook)) this.warn(`antd style hook ${hook} (${id}) was not extracted: its part would be unstyled`);
        const file = all.get(family);
        if (file) imports.add(`import ${JSON.stringify(file)};`);
      }
      if (!imports.size) return null;
      return { code: `${[...imports].join('\n')}\n${withoutStyleFunctions(code)}`, map: null };
    },
  };
}
