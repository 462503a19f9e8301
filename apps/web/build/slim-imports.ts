import type { Plugin } from 'vite';

/**
 * Narrower imports inside libraries, so the first load does not carry code nothing calls:
 * antd's form context (imported by every input, overlay and antd's ContextIsolator, so by the app's entry) takes
 * only `FormProvider` from `@rc-component/form`, whose index also assigns `Form.Field`, `Form.List`, `useForm`, …
 * as statements the bundler must keep (about 60 KB of form and validator code). Resolving that one import to the
 * module that defines `FormProvider` gives the very same binding (so the same React context) without the rest;
 * pages that use antd's Form still load the whole package through their own imports.
 *
 * antd's button and tag styles take `isBright` from the colour picker's presets panel, which brings the Collapse component
 * and the whole colour picker into every page with a button; and antd's colour class and colour utilities (used by Tooltip) take `Color` from the colour
 * picker's index (which loads the picker component). Both are resolved to a module holding just that function
 * (`isBright` as antd 6 writes it, over the same `Color` class) and to the file defining `Color`.
 */
const PRESETS = '\0xr-slim:color-presets';
/**
 * antd's ConfigProvider imports the tooltip's `UniqueProvider` (and through it the whole `@rc-component/trigger`,
 * popups, alignment and motion: ~10 KiB gzipped in every page's first load) for its `tooltip.unique` option, which
 * XR Studio never sets. The import is resolved to a stand-in that loads the real provider only when it is rendered.
 */
const UNIQUE = '\0xr-slim:tooltip-unique';

/**
 * Parts of antd components that render only in a state most pages never reach, resolved to a stand-in component
 * that loads the real one when it is first rendered (/profile's first load):
 * - Card's Tabs (only for `tabList`, which no card of XR Studio uses): antd's and rc's Tabs, ~11 KiB gzipped with
 *   every card;
 * - Typography's Editable (only while an `editable` text is being edited): antd's TextArea with rc-input and the
 *   input styles, ~12 KiB gzipped with every page that shows an editable or plain Typography text.
 * The stand-in renders nothing while the chunk loads (a few milliseconds after the press that needs it).
 */
const LAZY_PARTS: { importer: RegExp; source: string; target: string }[] = [
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', target: 'antd/es/tabs/index.js' },
  {
    importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    source: '../Editable',
    target: 'antd/es/typography/Editable.js',
  },
];
const LAZY_PREFIX = '\0xr-slim:lazy:';

export function slimImports(): Plugin {
  return {
    name: 'xr-slim-imports',
    enforce: 'pre',
    async resolveId(source, importer) {
      const part = importer ? LAZY_PARTS.find((p) => p.source === source && p.importer.test(importer)) : undefined;
      if (part) return LAZY_PREFIX + part.target;
      if (importer?.startsWith(LAZY_PREFIX) && source === importer.slice(LAZY_PREFIX.length)) {
        return this.resolve(source, undefined, { skipSelf: true });
      }
      if (source === '@rc-component/form' && importer && /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) {
        return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
      }
      if (
        source === '@rc-component/color-picker' &&
        importer &&
        (importer === PRESETS || /[\\/]antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/.test(importer))
      ) {
        return this.resolve('@rc-component/color-picker/es/color.js', importer === PRESETS ? undefined : importer, {
          skipSelf: true,
        });
      }
      if (
        source === '../../color-picker/components/ColorPresets' &&
        importer &&
        /[\\/]antd[\\/]es[\\/](button[\\/]style[\\/]token|tag[\\/]style[\\/]index)\.js$/.test(importer)
      ) {
        return PRESETS;
      }
      if (
        source === '../tooltip/UniqueProvider' &&
        importer &&
        /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)
      ) {
        return UNIQUE;
      }
      if (source === 'antd/es/tooltip/UniqueProvider' && importer === UNIQUE) {
        return this.resolve('antd/es/tooltip/UniqueProvider/index.js', undefined, { skipSelf: true });
      }
      return undefined;
    },
    load(id) {
      if (id.startsWith(LAZY_PREFIX))
        return `import { createElement, forwardRef, lazy, Suspense } from 'react';
const Real = lazy(() => import(${JSON.stringify(id.slice(LAZY_PREFIX.length))}));
export default forwardRef(function LazyPart(props, ref) {
  return createElement(Suspense, { fallback: null }, createElement(Real, { ...props, ref }));
});
`;
      if (id === UNIQUE)
        return `import { createElement, lazy, Suspense } from 'react';
const Real = lazy(() => import('antd/es/tooltip/UniqueProvider'));
export default function UniqueProvider({ children }) {
  return createElement(Suspense, { fallback: children }, createElement(Real, null, children));
}
`;
      if (id !== PRESETS) return undefined;
      return `import { Color as RcColor } from '@rc-component/color-picker';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
`;
    },
  };
}
