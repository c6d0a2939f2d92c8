import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredHooks, withoutStyleFunctions } from './antd-static-styles.ts';
import { extractAntdStyles } from './antd-styles-extract.ts';

const webRoot = resolve(import.meta.dirname, '..');
const antdEs = join(webRoot, '../../node_modules/antd/es');

/** Every style module of the installed antd (what the plugin's transform sees). */
function antdStyleModules(): string[] {
  return (readdirSync(antdEs, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => /(?:^|\/)style\/[^/]+\.js$|^_util\/wave\/style\.js$/.test(f));
}

describe('Ant Design styles extracted at build time', { timeout: 60_000 }, () => {
  const extracted = extractAntdStyles(webRoot, 'bo');

  it('reaches every style hook the installed antd declares, so no component ships unstyled', () => {
    const missing = antdStyleModules().flatMap((f) =>
      declaredHooks(readFileSync(join(antdEs, f), 'utf8'))
        .filter(({ hook }) => !extracted.registered.has(hook))
        .map(({ hook }) => `${hook} (${f})`),
    );
    expect(missing).toEqual([]);
  });

  it('writes rules without a hash class and leaves the design tokens to the run-time CSS variables', () => {
    const button = extracted.families.get('Button') ?? '';
    expect(button).toContain('.ant-btn{');
    expect(button).not.toMatch(/:where\(\.css-/);
    // Colours come from variables ConfigProvider writes from the app config, not from the build's theme.
    expect(button).toContain('var(--ant-color-primary)');
    expect(button).not.toMatch(/#1677ff/i);
    expect(extracted.families.get('Shared')).toContain('a{color:var(--ant-color-link)');
  });
});

describe('withoutStyleFunctions', () => {
  it("empties the rule generator of each hook factory and keeps the component's tokens", () => {
    const code = [
      "import { genStyleHooks, genSubStyleComponent } from '../../theme/internal';",
      'const genButtonStyle = (token) => ({ [token.componentCls]: { color: token.colorText } });',
      "export const Compact = genSubStyleComponent(['Button', 'compact'], (token) => [genButtonStyle(token)], prepareToken);",
      "export default genStyleHooks('Button', (token) => {\n  return [genButtonStyle(token)];\n}, prepareComponentToken, { unitless: { fontWeight: true } });",
    ].join('\n');
    const out = withoutStyleFunctions(code);
    expect(out).toContain("genSubStyleComponent(['Button', 'compact'], () => [], prepareToken)");
    expect(out).toContain("genStyleHooks('Button', () => [], prepareComponentToken, { unitless: { fontWeight: true } })");
    expect(declaredHooks(code)).toEqual([
      { family: 'Button', hook: 'Button-compact' },
      { family: 'Button', hook: 'Button-Button' },
    ]);
  });
});
