import contract from 'virtual:xr-messages/zh';
import antd from 'antd/locale/zh_CN';
import { bundleOf, type Tree } from './bundle';

/** The zh bundle: loaded as its own chunk when the interface is (or switches) to this language. */
export default bundleOf(import.meta.glob<Tree>('../../locales/zh/*.json', { eager: true, import: 'default' }), contract, antd);
