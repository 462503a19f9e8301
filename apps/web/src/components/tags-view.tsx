import { CloseCircleOutlined, CloseOutlined, ColumnWidthOutlined, ReloadOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { closeAll, closeOthers, closeTag, pathAfterClose, refreshPath, type TagView, useTags } from '../lib/tags';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/**
 * The open-pages bar under the top bar. A right click on a tab opens the context menu of spec section 2:
 * refresh (through /redirect/<path>), close, close others, close all.
 */
export function TagsView() {
  const { t } = useTranslation(['layout', 'route']);
  const tags = useTags();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeRef = useRef<HTMLSpanElement>(null);
  const { token } = theme.useToken();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const run = (action: Action, tag: TagView) => {
    const active = tag.path === pathname;
    switch (action) {
      case 'refresh':
        navigate(refreshPath(tag.fullPath), { replace: true });
        break;
      case 'close': {
        const rest = closeTag(tag.path);
        if (active) navigate(pathAfterClose(rest));
        break;
      }
      case 'closeOthers':
        closeOthers(tag.path);
        if (!active) navigate(tag.fullPath);
        break;
      case 'closeAll': {
        const rest = closeAll();
        if (!rest.some((x) => x.path === pathname)) navigate(pathAfterClose(rest));
        break;
      }
    }
  };

  const menu = (tag: TagView): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('layout:tags.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('layout:tags.close'), disabled: !!tag.affix },
      { key: 'closeOthers', icon: <ColumnWidthOutlined />, label: t('layout:tags.closeOthers') },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('layout:tags.closeAll') },
    ],
    onClick: ({ key }) => run(key as Action, tag),
  });

  if (tags.length === 0) return null;
  return (
    <nav className="xr-tags" aria-label={t('layout:tags.label')} data-tour="tags-view">
      <div className="xr-tags__scroll">
        {tags.map((tag) => {
          const active = tag.path === pathname;
          return (
            <Dropdown key={tag.path} menu={menu(tag)} trigger={['contextMenu']}>
              <span
                ref={active ? activeRef : undefined}
                className={`xr-tags__item${active ? ' is-active' : ''}`}
                style={active ? { background: token.colorPrimary, borderColor: token.colorPrimary } : undefined}
                data-testid={`tag-${tag.path}`}
              >
                <Link to={tag.fullPath} className="xr-tags__link" aria-current={active ? 'page' : undefined}>
                  {active && <span className="xr-tags__dot" />}
                  {t(`route:${tag.title}`)}
                </Link>
                {!tag.affix && (
                  <button
                    type="button"
                    tabIndex={-1}
                    className="xr-tags__close"
                    aria-label={`${t('layout:tags.close')} ${t(`route:${tag.title}`)}`}
                    onClick={() => run('close', tag)}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
    </nav>
  );
}
