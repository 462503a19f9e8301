import type { Locale } from 'antd/es/locale';

export type Tree = { [key: string]: string | Tree };

/**
 * The namespaces in a language's chunk: those of the app's shell (layouts, router, HTTP client) and of the public
 * pages most visits start on (home, market, details: with the cart button's and the viewer wrappers' few texts, which
 * cost less than a request of their own on the market and details pages). Every other namespace is a small chunk of its own that
 * i18next fetches when a page first uses it (`useTranslation('ns')`), so a first load carries only the texts it
 * shows. `i18n-bundles/<lang>.ts` repeat this list in their globs (a glob must be a literal); locales.test.ts checks
 * that they match it.
 */
export const CORE_NAMESPACES = ['cart', 'common', 'http', 'layout', 'market', 'route', 'router', 'site', 'viewer'] as const;

/** One language's translations: the core namespaces and the contract's texts, the loaders of the others, antd's locale. */
export interface LangBundle {
  resources: Record<string, Tree>;
  /** Namespace -> loader of its own chunk. */
  lazy: Record<string, () => Promise<Tree>>;
  antd: Locale;
}

const nsOf = (file: string) => /\/([\w-]+)\.json$/.exec(file)?.[1];

/**
 * Builds a language's bundle from its `locales/<lang>/<namespace>.json` files (keyed by path: the core ones loaded,
 * the others as loaders) and adds the contract's shared error (`common:err.*`) and validation (`common:v.*`) texts,
 * so server and client speak the same words.
 */
export function bundleOf(
  files: Record<string, Tree>,
  lazyFiles: Record<string, () => Promise<Tree>>,
  contract: { err: Tree; v: Tree },
  antd: Locale,
): LangBundle {
  const resources: Record<string, Tree> = {};
  for (const [file, tree] of Object.entries(files)) {
    const ns = nsOf(file);
    if (ns) resources[ns] = tree;
  }
  resources.common = { ...(resources.common ?? {}), err: contract.err, v: contract.v };
  const lazy: Record<string, () => Promise<Tree>> = {};
  for (const [file, load] of Object.entries(lazyFiles)) {
    const ns = nsOf(file);
    if (ns) lazy[ns] = load;
  }
  return { resources, lazy, antd };
}
