import type {
  AssetView,
  assetStatus,
  MyComment,
  myCapacity,
  OwnProject,
  projectForm,
  Question,
  QuestionnaireBody,
  questionnaireResults,
  ReviewStatus,
  SystemMessage,
} from '@xr/contract/creator';
import type { z } from 'zod';

/** The creator-side shapes, all from the contract (`@xr/contract/creator`). */
export { REVIEW_STATUSES } from '@xr/contract/creator';
export type { AssetView, MyComment, OwnProject as MyProject, Question, QuestionnaireBody, ReviewStatus, SystemMessage };
export type ProjectBody = z.input<typeof projectForm>;
export type AssetStatus = z.infer<typeof assetStatus>;
export type CapacityInfo = z.infer<typeof myCapacity>;
export type { Questionnaire } from '../../../components/api/questionnaire-details';
export type QuestionnaireResults = z.infer<typeof questionnaireResults>;

/** The pipeline's model report (job result); the server may send it camel- or snake-cased. */
export interface ModelReport {
  triangles: number;
  meshes: number;
  materials: number;
  textures: number;
  bytes_before: number;
  bytes_after: number;
  warnings: string[];
  /** The source's up axis before the pipeline turned it Y-up (`y` for glTF); absent in reports written before. */
  up_axis?: string;
  /** The factor the pipeline applied to the source's lengths to reach metres; absent in reports written before. */
  unit_scale?: number;
}

/** The source frame a report recorded (up axis, unit scale), when it recorded one. */
function frameOf(r: Record<string, unknown>): Pick<ModelReport, 'up_axis' | 'unit_scale'> {
  const axis = r.up_axis ?? r.upAxis;
  const scale = Number(r.unit_scale ?? r.unitScale);
  return {
    ...(typeof axis === 'string' && /^-?[xyz]$/.test(axis) ? { up_axis: axis } : {}),
    ...(Number.isFinite(scale) && scale > 0 ? { unit_scale: scale } : {}),
  };
}

/** Reads the model report out of a job result, if there is one. */
export function modelReportOf(result: unknown): ModelReport | null {
  if (!result || typeof result !== 'object') return null;
  const r = ((result as { report?: unknown }).report ?? result) as Record<string, unknown>;
  if (typeof r.triangles !== 'number') return null;
  const num = (a: string, b: string) => Number(r[a] ?? r[b] ?? 0);
  return {
    triangles: r.triangles,
    meshes: num('meshes', 'meshes'),
    materials: num('materials', 'materials'),
    textures: num('textures', 'textures'),
    bytes_before: num('bytes_before', 'bytesBefore'),
    bytes_after: num('bytes_after', 'bytesAfter'),
    warnings: Array.isArray(r.warnings) ? r.warnings.map(String) : [],
    ...frameOf(r),
  };
}

/** What the pipeline found in a 360 image: size, whether it is 2:1, and the tile grid when it was cut. */
export interface PanoramaFacts {
  kind: 'panorama';
  width: number;
  height: number;
  ratioOk: boolean;
  tiles: { cols: number; rows: number } | null;
}
/** What the pipeline read from a video's container: format, duration (0 when the file does not say), size, codec. */
export interface VideoFacts {
  kind: 'video';
  container: string;
  durationSeconds: number;
  width: number;
  height: number;
  codec: string;
}

/** The facts of a panorama or video job result worth showing (null for models, which have their report). */
export function mediaFactsOf(result: unknown): PanoramaFacts | VideoFacts | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as Record<string, unknown>;
  const num = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : 0);
  if (typeof r.ratioOk === 'boolean') {
    const t = r.tiles as { cols?: unknown; rows?: unknown } | null | undefined;
    const tiles = t && typeof t.cols === 'number' && typeof t.rows === 'number' ? { cols: t.cols, rows: t.rows } : null;
    return { kind: 'panorama', width: num('width'), height: num('height'), ratioOk: r.ratioOk, tiles };
  }
  if (typeof r.container === 'string') {
    return {
      kind: 'video',
      container: r.container,
      durationSeconds: num('durationSeconds'),
      width: num('width'),
      height: num('height'),
      codec: typeof r.codec === 'string' ? r.codec : '',
    };
  }
  return null;
}

/** m:ss (or h:mm:ss) of a duration in seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
