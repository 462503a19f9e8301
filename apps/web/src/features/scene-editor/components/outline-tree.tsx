import {
  AppstoreOutlined,
  BulbOutlined,
  EnvironmentOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FolderOutlined,
  LockOutlined,
  UnlockOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { SceneObject } from '@xr/contract/scenes';
import { Button, Empty, Tree, type TreeDataNode } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setHidden, setLocked } from '../store/commands';
import { useEditor } from '../store/editor-store';
import { useEditorContext } from './editor-context';

const ICONS: Record<SceneObject['type'], ReactNode> = {
  model: <AppstoreOutlined />,
  group: <FolderOutlined />,
  light: <BulbOutlined />,
  hotspot: <EnvironmentOutlined />,
  npc: <UserOutlined />,
};

/** The scene tree: groups hold their children; click selects (shift / ctrl adds), eye and lock toggle per row. */
export function OutlineTree() {
  const { t } = useTranslation('scene3d');
  const { store } = useEditorContext();
  const doc = useEditor(store, (s) => s.doc);
  const selection = useEditor(store, (s) => s.selection);
  const issues = useEditor(store, (s) => s.issues);
  const withIssue = new Set(issues.map((i) => i.at));

  const ids = new Set(doc.objects.map((o) => o.id));
  const build = (parent: string | null): TreeDataNode[] =>
    doc.objects
      .filter((o) => (parent === null ? !o.parent || !ids.has(o.parent) : o.parent === parent))
      .map((o) => ({
        key: o.id,
        icon: ICONS[o.type],
        title: (
          <span className={`xr-editor__tree-row${o.hidden ? ' is-hidden' : ''}`} data-testid={`outline-${o.id}`}>
            <span className="xr-editor__tree-name">
              {withIssue.has(o.id) && <WarningOutlined className="xr-editor__issue-icon" aria-label={t('issues.here')} />}
              {o.name || t(`type.${o.type}`)}
            </span>
            <span className="xr-editor__tree-tools">
              <Button
                size="small"
                type="text"
                aria-label={o.hidden ? t('show') : t('hide')}
                icon={o.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  const s = store.getState();
                  s.exec(setHidden(s.doc, [o.id], !o.hidden));
                }}
              />
              <Button
                size="small"
                type="text"
                aria-label={o.locked ? t('unlock') : t('lock')}
                icon={o.locked ? <LockOutlined /> : <UnlockOutlined />}
                onClick={(e) => {
                  e.stopPropagation();
                  const s = store.getState();
                  s.exec(setLocked(s.doc, [o.id], !o.locked));
                }}
              />
            </span>
          </span>
        ),
        children: o.type === 'group' || doc.objects.some((c) => c.parent === o.id) ? build(o.id) : undefined,
      }));
  const data = build(null);
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outline.empty')} />;
  return (
    <Tree
      className="xr-editor__tree"
      showIcon
      blockNode
      defaultExpandAll
      multiple
      selectedKeys={selection}
      treeData={data}
      onSelect={(_, info) => {
        const id = String(info.node.key);
        const e = info.nativeEvent as MouseEvent;
        store.getState().select([id], e.shiftKey || e.ctrlKey || e.metaKey ? 'toggle' : 'replace');
      }}
    />
  );
}
