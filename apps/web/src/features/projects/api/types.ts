import type {
  AssetView,
  assetStatus,
  MyComment,
  myCapacity,
  OwnProject,
  projectContent,
  projectForm,
  Question,
  QuestionnaireBody,
  questionnaire,
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
export type Questionnaire = z.infer<typeof questionnaire>;
export type QuestionnaireResults = z.infer<typeof questionnaireResults>;
export type ProjectContent = z.infer<typeof projectContent>;

/** The pipeline's model report (job result); the server may send it camel- or snake-cased. */
export interface ModelReport {
  triangles: number;
  meshes: number;
  materials: number;
  textures: number;
  bytes_before: number;
  bytes_after: number;
  warnings: string[];
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
  };
}

/** Plain facts of a job result (video duration, size, codec; panorama ratio warnings…) worth showing. */
export function resultFacts(result: unknown): [string, string][] {
  if (!result || typeof result !== 'object') return [];
  const src = ((result as { meta?: unknown }).meta ?? result) as Record<string, unknown>;
  return Object.entries(src)
    .filter(([k, v]) => k !== 'report' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
    .slice(0, 8)
    .map(([k, v]) => [k, String(v)]);
}
