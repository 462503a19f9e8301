import type { TourDocument } from '@xr/contract/scenes';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { hotspotLabel, sceneName } from '../../../components/viewers/tour/tour-logic';
import { currentLang } from '../../../lib/i18n';
import type { DocIssue } from '../store/autosave';

/** Where a problem of the document is: the scene and hotspot it belongs to (ids, for selecting them) and the field. */
export interface IssuePlace {
  sceneId: string | null;
  hotspotId: string | null;
  sceneIndex: number | null;
  field: string | null;
}

/** The scene, hotspot and field a schema path (`scenes.0.hotspots.2.asset_id`) points at in `doc`. */
export function placeOf(doc: TourDocument, path: readonly (string | number)[]): IssuePlace {
  const place: IssuePlace = { sceneId: null, hotspotId: null, sceneIndex: null, field: null };
  if (path[0] !== 'scenes' || typeof path[1] !== 'number') {
    place.field = path.length ? String(path[0]) : null;
    return place;
  }
  const scene = doc.scenes[path[1]];
  if (!scene) return place;
  place.sceneId = scene.id;
  place.sceneIndex = path[1];
  if (path[2] === 'hotspots' && typeof path[3] === 'number') {
    place.hotspotId = scene.hotspots[path[3]]?.id ?? null;
    place.field = path.length > 4 ? String(path[4]) : null;
  } else place.field = path.length > 2 ? String(path[2]) : null;
  return place;
}

/** Field names of the document as the panels label them (a field without a label is named by the message alone). */
const FIELD_LABELS: Record<string, string> = {
  title: 'hotspot.title',
  text: 'hotspot.text',
  asset_id: 'hotspot.media',
  url: 'hotspot.url',
  target_scene: 'hotspot.target',
  time_range: 'hotspot.timeRange',
  icon: 'hotspot.icon',
  size: 'hotspot.size',
  name: 'scene.name',
  background_audio: 'scene.background',
  media: 'hotspot.media',
};

/**
 * Every problem that keeps the tour from saving, each with its place in words ("Scene 1 › Harbour map › Media") and a
 * button that selects that scene or hotspot, so a problem on a scene or hotspot that is not open is never hidden.
 */
export function IssueList({
  doc,
  issues,
  onSelect,
}: {
  doc: TourDocument;
  issues: readonly DocIssue[];
  onSelect: (sceneId: string, hotspotId: string | null) => void;
}) {
  const { t } = useTranslation('tour');
  if (issues.length === 0) return null;
  const lang = currentLang();
  const rows = issues.slice(0, 20).map((issue) => {
    const place = placeOf(doc, issue.path);
    const scene = place.sceneIndex === null ? undefined : doc.scenes[place.sceneIndex];
    const hotspot = scene?.hotspots.find((h) => h.id === place.hotspotId);
    const parts = [
      scene ? sceneName(doc, scene, lang, (n) => t('viewer.sceneN', { n })) : null,
      hotspot ? hotspotLabel(hotspot, lang, (kind) => t(`kind.${kind}`)) : null,
      place.field && FIELD_LABELS[place.field] ? t(FIELD_LABELS[place.field]!) : null,
    ].filter(Boolean);
    const message = t(`common:${issue.message}`, { defaultValue: issue.message });
    return (
      <li key={`${issue.path.join('.')}:${issue.message}`} data-testid="doc-issue" data-path={issue.path.join('.')}>
        {scene ? (
          <Button type="link" size="small" onClick={() => onSelect(scene.id, place.hotspotId)} style={{ padding: 0 }}>
            {parts.join(' › ')}
          </Button>
        ) : parts.length ? (
          <span>{parts.join(' › ')}</span>
        ) : null}
        {parts.length ? ': ' : ''}
        {message}
      </li>
    );
  });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="doc-issues"
      message={t('save.problems', { count: issues.length })}
      description={<ul className="xr-tour-editor__issues">{rows}</ul>}
    />
  );
}
