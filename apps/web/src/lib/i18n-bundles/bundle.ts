import type { Locale } from 'antd/es/locale';

export type Tree = { [key: string]: string | Tree };

/** One language's translations: every namespace file plus the contract's texts, and antd's locale. */
export interface LangBundle {
  resources: Record<string, Tree>;
  antd: Locale;
}

/**
 * Builds a language's resources from its `locales/<lang>/<namespace>.json` files (keyed by path) and adds the
 * contract's shared error (`common:err.*`) and validation (`common:v.*`) texts, so server and client speak the
 * same words.
 */
export function bundleOf(files: Record<string, Tree>, contract: { err: Tree; v: Tree }, antd: Locale): LangBundle {
  const resources: Record<string, Tree> = {};
  for (const [file, tree] of Object.entries(files)) {
    const ns = /\/([\w-]+)\.json$/.exec(file)?.[1];
    if (ns) resources[ns] = tree;
  }
  resources.common = { ...(resources.common ?? {}), err: contract.err, v: contract.v };
  return { resources, antd };
}
