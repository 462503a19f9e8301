import { Progress, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelUrl } from '../../../components/viewers/scene3d/model-urls';
import { BUDGETS, type BudgetKey, measureScene, type SceneWeight } from '../perf';
import type { EditorState } from '../store/editor-store';
import { type EditorRuntime, useEditorContext } from './editor-context';

/** Measures the scene as the viewport shows it now. */
export function measureNow(s: EditorState, runtime: EditorRuntime): SceneWeight {
  const urls = new Map<string, string | null>();
  for (const o of s.doc.objects) if (o.type === 'model' || o.type === 'npc') urls.set(o.id, modelUrl(s.details, o.source));
  return measureScene(s.doc, runtime.objects, urls, s.models, runtime.gl?.info.render.calls ?? 0);
}

const MB = 1024 * 1024;
export function formatFigure(key: BudgetKey, v: number): string {
  if (key === 'textureBytes' || key === 'downloadBytes') return `${(v / MB).toFixed(1)} MB`;
  return v.toLocaleString();
}

/** Triangles, draw calls, texture memory and download size against the phone and headset budgets. */
export function PerformancePanel() {
  const { t } = useTranslation('scene3d');
  const { store, runtime } = useEditorContext();
  const [w, setW] = useState<SceneWeight | null>(null);
  useEffect(() => {
    const tick = () => setW(measureNow(store.getState(), runtime));
    tick();
    const timer = window.setInterval(tick, 1500);
    return () => window.clearInterval(timer);
  }, [store, runtime]);
  if (!w) return null;
  const keys: BudgetKey[] = ['triangles', 'drawCalls', 'textureBytes', 'downloadBytes'];
  const top = [...w.objects].sort((a, b) => b.triangles - a.triangles).slice(0, 5);
  return (
    <div className="xr-editor__perf" data-testid="performance-panel">
      {keys.map((k) => (
        <div key={k} className="xr-editor__perf-row">
          <div className="xr-editor__perf-head">
            <span>{t(`perf.${k}`)}</span>
            <strong data-testid={`perf-${k}`}>{formatFigure(k, w[k])}</strong>
          </div>
          {(['phone', 'headset'] as const).map((device) => {
            const pct = Math.round((w[k] / BUDGETS[device][k]) * 100);
            return (
              <div key={device} className="xr-editor__perf-budget">
                <span>
                  {t(`perf.${device}`)} ≤ {formatFigure(k, BUDGETS[device][k])}
                </span>
                <Progress
                  percent={Math.min(100, pct)}
                  size="small"
                  status={pct > 100 ? 'exception' : 'normal'}
                  format={() => `${pct}%`}
                />
              </div>
            );
          })}
        </div>
      ))}
      <Typography.Title level={5} className="xr-editor__subtitle">
        {t('perf.heaviest')}
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        dataSource={top}
        columns={[
          { title: t('inspector.name'), dataIndex: 'name', ellipsis: true },
          { title: t('perf.triangles'), dataIndex: 'triangles', render: (v: number) => v.toLocaleString(), width: 90 },
          {
            title: t('perf.downloadBytes'),
            dataIndex: 'downloadBytes',
            render: (v: number) => formatFigure('downloadBytes', v),
            width: 90,
          },
        ]}
      />
    </div>
  );
}
