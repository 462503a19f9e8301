import { DeleteOutlined } from '@ant-design/icons';
import type { TourDocument } from '@xr/contract/scenes';
import { Button, Popconfirm, Select, Space, Tag } from 'antd';
import { type KeyboardEvent, type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadButton } from '../../../components/upload/upload-button';
import { sceneName } from '../../../components/viewers/tour/tour-logic';
import { currentLang } from '../../../lib/i18n';
import type { ProjectMedia } from '../api/project-media';

type Plan = NonNullable<TourDocument['settings']['plan']>;
type Point = Plan['points'][number];

/** One arrow key press moves a marker by 1 % of the plan. */
const KEY_STEP = 0.01;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
};

// Four decimals are far finer than a pixel of any plan and keep the saved document short.
const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;

/** The plan with `scene`'s point at (x, y): moved when it has one, added otherwise. */
export function withPoint(plan: Plan, scene: string, x: number, y: number): Plan {
  const point: Point = { scene, x: clamp(x), y: clamp(y) };
  const has = plan.points.some((p) => p.scene === scene);
  return { ...plan, points: has ? plan.points.map((p) => (p.scene === scene ? point : p)) : [...plan.points, point] };
}

/**
 * The tour's floor plan: an image of the project (picked or uploaded here) with a marker per scene. Clicking the
 * image places the current scene there; markers are dragged with the pointer or moved by the arrow keys. Every
 * change goes through `onSettings`, so each one is an undo step.
 */
export function PlanEditor({
  doc,
  sceneId,
  media,
  projectId,
  onSettings,
  onUploaded,
}: {
  doc: TourDocument;
  /** The scene a click on the plan places. */
  sceneId: string;
  media: ProjectMedia | undefined;
  projectId: number;
  onSettings(patch: Partial<TourDocument['settings']>): void;
  onUploaded(): void;
}) {
  const { t } = useTranslation(['tour', 'common']);
  const lang = currentLang();
  const plan = doc.settings.plan;
  const box = useRef<HTMLDivElement>(null);
  // While a marker is dragged it follows the pointer locally; the document changes once, on release.
  const [drag, setDrag] = useState<Point | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const images = (media?.assets ?? []).filter((a) => a.kind === 'image').map((a) => ({ value: a.id, label: a.filename }));
  const resolved = plan ? media?.media[String(plan.asset_id)] : undefined;
  const url = resolved ? (resolved.urls.original ?? Object.values(resolved.urls)[0]) : undefined;
  const nameOf = (id: string) => {
    const s = doc.scenes.find((x) => x.id === id);
    return s ? sceneName(doc, s, lang, (n) => t('viewer.sceneN', { n })) : id;
  };

  const pick = (assetId: number) => {
    // A new picture keeps the points only when it is the same picture; another one has another layout.
    if (plan?.asset_id === assetId) return;
    onSettings({ plan: { asset_id: assetId, points: [] } });
  };
  const fractionAt = (clientX: number, clientY: number) => {
    const r = box.current?.getBoundingClientRect();
    if (!r || r.width === 0 || r.height === 0) return null;
    return { x: (clientX - r.left) / r.width, y: (clientY - r.top) / r.height };
  };
  const place = (scene: string, x: number, y: number) => plan && onSettings({ plan: withPoint(plan, scene, x, y) });
  const removePoint = (scene: string) =>
    plan && onSettings({ plan: { ...plan, points: plan.points.filter((p) => p.scene !== scene) } });

  const onBoxClick = (e: MouseEvent<HTMLDivElement>) => {
    const f = fractionAt(e.clientX, e.clientY);
    if (!f) return;
    place(sceneId, f.x, f.y);
    setSelected(sceneId);
  };
  const onMarkerDown = (p: Point) => (e: PointerEvent<HTMLButtonElement>) => {
    e.stopPropagation();
    setSelected(p.scene);
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag(p);
  };
  const onMarkerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag) return;
    const f = fractionAt(e.clientX, e.clientY);
    if (f) setDrag({ scene: drag.scene, x: clamp(f.x), y: clamp(f.y) });
  };
  const onMarkerUp = (p: Point) => (e: PointerEvent<HTMLButtonElement>) => {
    e.stopPropagation();
    if (drag && (drag.x !== p.x || drag.y !== p.y)) place(drag.scene, drag.x, drag.y);
    setDrag(null);
  };
  const onMarkerKey = (p: Point) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = ARROWS[e.key];
    if (step) {
      e.preventDefault();
      place(p.scene, p.x + step[0], p.y + step[1]);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      removePoint(p.scene);
    }
  };

  return (
    <section data-testid="plan-editor" aria-label={t('plan.title')}>
      <h4>{t('plan.title')}</h4>
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.55)' }}>{t('plan.help')}</p>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          value={plan?.asset_id}
          placeholder={t('plan.pick')}
          options={images}
          notFoundContent={t('hotspot.noMedia')}
          onChange={(id: number) => pick(id)}
          aria-label={t('plan.pick')}
          data-testid="plan-pick"
          style={{ width: '100%' }}
        />
        <UploadButton
          kind="image"
          projectId={projectId}
          onDone={(assetId) => {
            if (assetId) pick(assetId);
            onUploaded();
          }}
        />
        {plan ? (
          <>
            {url ? (
              // a click places the current scene; from the keyboard the (focusable) markers are moved instead
              <div
                ref={box}
                onClick={onBoxClick}
                data-testid="plan-image"
                style={{ position: 'relative', cursor: 'crosshair', userSelect: 'none', lineHeight: 0 }}
              >
                <img src={url} alt={t('plan.image')} draggable={false} style={{ width: '100%', display: 'block' }} />
                {plan.points.map((p) => {
                  const at = drag?.scene === p.scene ? drag : p;
                  const current = p.scene === sceneId;
                  return (
                    <button
                      key={p.scene}
                      type="button"
                      data-testid={`plan-marker-${p.scene}`}
                      aria-label={t('plan.marker', {
                        name: nameOf(p.scene),
                        x: Math.round(at.x * 100),
                        y: Math.round(at.y * 100),
                      })}
                      aria-pressed={selected === p.scene}
                      onClick={(e) => e.stopPropagation()}
                      onFocus={() => setSelected(p.scene)}
                      onPointerDown={onMarkerDown(p)}
                      onPointerMove={onMarkerMove}
                      onPointerUp={onMarkerUp(p)}
                      onPointerCancel={() => setDrag(null)}
                      onKeyDown={onMarkerKey(p)}
                      style={{
                        position: 'absolute',
                        left: `${at.x * 100}%`,
                        top: `${at.y * 100}%`,
                        transform: 'translate(-50%, -50%)',
                        touchAction: 'none',
                        cursor: 'grab',
                        lineHeight: 1.2,
                        padding: '1px 6px',
                        borderRadius: 10,
                        border: selected === p.scene ? '2px solid #fff' : '1px solid #fff',
                        background: current ? '#1677ff' : 'rgba(0,0,0,0.65)',
                        color: '#fff',
                        fontSize: 11,
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {nameOf(p.scene)}
                    </button>
                  );
                })}
              </div>
            ) : (
              <p>{t('plan.notReady')}</p>
            )}
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="plan-scenes">
              {doc.scenes.map((s) => {
                const placed = plan.points.some((p) => p.scene === s.id);
                return (
                  <li key={s.id} data-testid={`plan-scene-${s.id}`} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                    <span style={{ flex: 1 }}>{nameOf(s.id)}</span>
                    <Tag color={placed ? 'green' : undefined}>{placed ? t('plan.placed') : t('plan.notPlaced')}</Tag>
                    {placed ? (
                      <Button
                        size="small"
                        type="link"
                        onClick={() => removePoint(s.id)}
                        data-testid={`plan-remove-${s.id}`}
                        aria-label={t('plan.removePointOf', { name: nameOf(s.id) })}
                      >
                        {t('plan.removePoint')}
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <Popconfirm
              title={t('plan.removeConfirm')}
              okText={t('common:delete')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true, ...{ 'data-testid': 'plan-remove-ok' } }}
              onConfirm={() => onSettings({ plan: null })}
            >
              <Button danger size="small" icon={<DeleteOutlined />} data-testid="plan-remove">
                {t('plan.remove')}
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
    </section>
  );
}
