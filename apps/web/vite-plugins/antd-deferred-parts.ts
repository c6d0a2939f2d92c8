import type { Plugin } from 'vite';

/** A default import that becomes a component loading its module on first render (nothing shown meanwhile). */
const lazyImport = (name: string, from: string) =>
  `import * as __boReact from 'react';\n` +
  `const __boLazy${name} = __boReact.lazy(() => import(${JSON.stringify(from)}));\n` +
  `const ${name} = (props) => __boReact.createElement(__boReact.Suspense, { fallback: null }, __boReact.createElement(__boLazy${name}, props));`;

/**
 * Rewrites of Ant Design modules, each the same behaviour with less on the first signed-in screen
 * (issue 27). `from` must occur in the module exactly once: an upgrade that changes it fails the build.
 */
export const ANTD_REWRITES: ReadonlyArray<{ module: RegExp; from: string; to: string; why: string }> = [
  {
    module: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    from: "import Editable from '../Editable';",
    to: lazyImport('Editable', '../Editable'),
    why: 'Typography renders Editable only in edit mode; it imports TextArea, hence the input and the whole form library',
  },
  {
    module: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
    from: "import Tabs from '../tabs';",
    to: lazyImport('Tabs', '../tabs'),
    why: 'Card renders Tabs only with a tabList',
  },
  {
    module: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    from: "import { FormProvider as RcFormProvider } from '@rc-component/form';",
    // The same FormProvider, from its own module: the package's index (no sideEffects flag, and it
    // assigns statics) kept the whole form library and its validator.
    to: "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
    why: "the popups' context isolator (dropdown, tooltip, modal) imports form/context for NoFormStyle alone",
  },
  {
    module: /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
    from: "import { isBright } from '../../color-picker/components/ColorPresets';",
    // ColorPresets' isBright, verbatim: its module also holds the presets panel (Collapse, colour blocks).
    to: `import { Color as RcColor } from '@rc-component/color-picker';
const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`,
    why: "the button's tokens need isBright alone",
  },
  {
    module: /[\\/]antd[\\/]es[\\/]modal[\\/]style[\\/]index\.js$/,
    from: "import { getMediaSize } from '../../grid/style';",
    // getMediaSize verbatim: the grid's style module also imports the grid's stylesheet (56 KB of column rules).
    to: `const getMediaSize = token => ({
  xs: token.screenXSMin,
  sm: token.screenSMMin,
  md: token.screenMDMin,
  lg: token.screenLGMin,
  xl: token.screenXLMin,
  xxl: token.screenXXLMin,
  xxxl: token.screenXXXLMin
});`,
    why: "the modal's styles need the grid's breakpoints alone (App's modal hooks put them on the first screen)",
  },
];

/** Applies ANTD_REWRITES to the build (the dev server pre-bundles antd; tests use it as published). */
export function antdDeferredParts(): Plugin {
  return {
    name: 'bo:antd-deferred-parts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const rewrite = ANTD_REWRITES.find((r) => r.module.test(id));
      if (!rewrite) return null;
      if (code.split(rewrite.from).length !== 2)
        this.error(`${id}: expected "${rewrite.from}" once (${rewrite.why}); antd changed, review the rewrite`);
      return { code: code.replace(rewrite.from, rewrite.to), map: null };
    },
  };
}
