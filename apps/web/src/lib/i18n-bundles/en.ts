import contract from 'virtual:xr-messages/en';
import antd from 'antd/locale/en_US';
import { bundleOf, type Tree } from './bundle';

/** The en bundle: loaded as its own chunk when the interface is (or switches) to this language. */
export default bundleOf(import.meta.glob<Tree>('../../locales/en/*.json', { eager: true, import: 'default' }), contract, antd);
