import contract from 'virtual:xr-messages/en';
import antd from 'antd/locale/en_US';
import { bundleOf, type Tree } from './bundle';

/** The en bundle: loaded as its own chunk when the interface is (or switches) to this language. */
// In the chunk: the namespaces of CORE_NAMESPACES (bundle.ts; a test checks the list). Every other namespace is a
// chunk of its own, fetched when a page first uses it.
export default bundleOf(
  import.meta.glob<Tree>('../../locales/en/{cart,common,http,layout,market,route,router,site,viewer}.json', {
    eager: true,
    import: 'default',
  }),
  import.meta.glob<Tree>(
    ['../../locales/en/*.json', '!../../locales/en/{cart,common,http,layout,market,route,router,site,viewer}.json'],
    {
      import: 'default',
    },
  ),
  contract,
  antd,
);
