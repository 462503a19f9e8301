import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchQuestionnaire } from '../../../components/api/questionnaire-details';
import { http } from '../../../lib/http';
import { projectsKeys } from './keys';
import type { Questionnaire, QuestionnaireBody, QuestionnaireResults } from './types';

/** GET /questionnaire/questionnaire_details?project_id: the project's questionnaire (null when none yet). */
export function useQuestionnaire(projectId: number | undefined) {
  return useQuery({
    queryKey: [...projectsKeys.questionnaire, projectId],
    queryFn: ({ signal }) => fetchQuestionnaire(projectId as number, signal),
    enabled: !!projectId,
    retry: false,
  });
}

/** POST /questionnaire/save_questionnaire: creates or replaces the project's questionnaire. */
export function useSaveQuestionnaire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionnaireBody) => http.post<Questionnaire>('/questionnaire/save_questionnaire', body),
    onSuccess: () => client.invalidateQueries({ queryKey: projectsKeys.questionnaire }),
  });
}

/** GET /questionnaire/questionnaire_results?project_id: responses, per-option counts and the latest text answers. */
export function useQuestionnaireResults(projectId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...projectsKeys.questionnaire, projectId, 'results'],
    queryFn: ({ signal }) =>
      http.get<QuestionnaireResults>('/questionnaire/questionnaire_results', { project_id: projectId }, { signal, silent: true }),
    enabled: !!projectId && enabled,
    retry: false,
  });
}
