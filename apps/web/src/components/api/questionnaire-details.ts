import type { questionnaire } from '@xr/contract/creator';
import type { z } from 'zod';
import { http } from '../../lib/http';

export type Questionnaire = z.infer<typeof questionnaire>;

/**
 * GET /questionnaire/questionnaire_details?project_id (silent): the project's feedback questionnaire with whether the
 * caller answered it, or null when the project has none. The creator's editor and the viewers' card both read it.
 */
export function fetchQuestionnaire(projectId: number, signal?: AbortSignal): Promise<Questionnaire | null> {
  return http.get<Questionnaire | null>(
    '/questionnaire/questionnaire_details',
    { project_id: projectId },
    { signal, silent: true },
  );
}
