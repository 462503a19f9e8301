import { ArrowDownOutlined, ArrowUpOutlined, FlagFilled, PlusOutlined, WarningFilled } from '@ant-design/icons';
import type { ResolvedMedia } from '@xr/contract/scenes';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sceneName, thumbnailOf } from '../../../components/viewers/tour/tour-logic';
import { currentLang } from '../../../lib/i18n';
import type { DocIssue } from '../store/autosave';
import { moveScene } from '../store/commands';
import { type TourStore, useTourStore } from '../store/tour-store';
import { hasIssues } from './issues';

/**
 * The tour's scenes with thumbnails, in order: click selects, drag (or the arrow buttons) reorders, the flag marks
 * the start scene, a warning sign marks a scene with a problem.
 */
export function SceneList({
  store,
  media,
  issues,
  onAdd,
}: {
  store: TourStore;
  media: Record<string, ResolvedMedia>;
  issues: DocIssue[];
  onAdd(): void;
}) {
  const { t } = useTranslation('tour');
  const doc = useTourStore(store, (s) => s.doc);
  const selected = useTourStore(store, (s) => s.selectedScene);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const lang = currentLang();
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= doc.scenes.length) return;
    store.run(moveScene(store.getState().doc, from, to));
  };
  return (
    <div className="xr-tour-editor__scenes" data-testid="scene-list">
      <ol aria-label={t('editor.scenes')}>
        {doc.scenes.map((s, i) => {
          const thumb = thumbnailOf(media[String(s.media.asset_id)]);
          const name = sceneName(doc, s, lang, (n) => t('viewer.sceneN', { n }));
          return (
            <li
              key={s.id}
              draggable
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', s.id);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(i);
              }}
              onDragLeave={() => setOver((o) => (o === i ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              className={`xr-tour-editor__scene${s.id === selected ? ' is-selected' : ''}${over === i ? ' is-over' : ''}`}
              data-testid="editor-scene"
              data-scene={s.id}
            >
              <button type="button" className="xr-tour-editor__scene-main" onClick={() => store.select(s.id)}>
                {thumb ? (
                  <img src={thumb} alt="" />
                ) : (
                  <span className="xr-tour__scene-ph">{s.media.type === 'video360' ? '▶ 360°' : '360°'}</span>
                )}
                <span className="xr-tour-editor__scene-name">
                  {doc.start_scene === s.id ? (
                    <Tooltip title={t('editor.startScene')}>
                      <FlagFilled className="xr-tour-editor__flag" aria-label={t('editor.startScene')} />
                    </Tooltip>
                  ) : null}
                  {hasIssues(issues, ['scenes', i]) ? (
                    <WarningFilled className="xr-tour-editor__warn" aria-label={t('editor.hasProblem')} />
                  ) : null}
                  {name}
                </span>
              </button>
              <span className="xr-tour-editor__scene-order">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t('editor.moveUp', { name })}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={i === doc.scenes.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('editor.moveDown', { name })}
                />
              </span>
            </li>
          );
        })}
      </ol>
      <Button block icon={<PlusOutlined />} onClick={onAdd} data-testid="add-scene">
        {t('editor.addScene')}
      </Button>
    </div>
  );
}
