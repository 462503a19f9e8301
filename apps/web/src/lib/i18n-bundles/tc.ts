import contract from 'virtual:xr-messages/tc';
import antd from 'antd/locale/zh_TW';
import { bundleOf, type Tree } from './bundle';

/** The tc bundle: loaded as its own chunk when the interface is (or switches) to this language. */
// In the chunk: the namespaces of CORE_NAMESPACES (bundle.ts; a test checks the list). Every other namespace is a
// chunk of its own, fetched when a page first uses it.
export default bundleOf(
  import.meta.glob<Tree>('../../locales/tc/{cart,common,http,layout,market,route,router,site,viewer}.json', {
    eager: true,
    import: 'default',
  }),
  import.meta.glob<Tree>(
    ['../../locales/tc/*.json', '!../../locales/tc/{cart,common,http,layout,market,route,router,site,viewer}.json'],
    {
      import: 'default',
    },
  ),
  contract,
  antd,
);
