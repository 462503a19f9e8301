import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { errorMessages, validationMessages } from '../../../packages/contract/src/messages';

const PREFIX = 'virtual:xr-messages/';
const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/contract/src/messages.ts');

type Entry = Record<string, string>;

function slice(table: Record<string, Entry>, lang: string): Record<string, string> {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v[lang] ?? '']));
}

/**
 * `virtual:xr-messages/<lang>`: the contract's shared error (`err.*`) and validation (`v.*`) texts of one language,
 * as plain JSON, so a language's translation chunk carries only its own texts rather than all three languages'.
 */
export function contractMessages(): Plugin {
  return {
    name: 'xr-contract-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      this.addWatchFile(SOURCE);
      const lang = id.slice(PREFIX.length + 1);
      const texts = {
        err: slice(errorMessages as Record<string, Entry>, lang),
        v: slice(validationMessages as Record<string, Entry>, lang),
      };
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
