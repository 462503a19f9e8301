import contract from 'virtual:xr-messages/tc';
import antd from 'antd/locale/zh_TW';
import { bundleOf, type Tree } from './bundle';

/** The tc bundle: loaded as its own chunk when the interface is (or switches) to this language. */
export default bundleOf(import.meta.glob<Tree>('../../locales/tc/*.json', { eager: true, import: 'default' }), contract, antd);
