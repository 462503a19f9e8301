import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchQuestionnaire } from '../../../components/api/questionnaire-details';
import { http } from '../../../lib/http';

const key = (projectId: number) => ['market', 'questionnaire', projectId] as const;

/** GET /questionnaire/questionnaire_details?project_id: the project's feedback questionnaire, or null when it has none. */
export function useViewerQuestionnaire(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: key(projectId),
    queryFn: ({ signal }) => fetchQuestionnaire(projectId, signal),
    enabled,
    retry: false,
  });
}

/** POST /questionnaire/answer_questionnaire: one answer per question (option index or text), once per user. */
export function useAnswerQuestionnaire(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: (number | string)[]) =>
      http.post<null>('/questionnaire/answer_questionnaire', { project_id: projectId, answers }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(projectId) }),
  });
}
