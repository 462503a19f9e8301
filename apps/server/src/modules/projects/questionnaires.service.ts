import type { Question, QuestionnaireBody } from '@xr/contract/creator';
import { ErrorCode } from '@xr/contract/errors';
import type { Db } from '../../db/client';
import { AppError, invalid, notFound } from '../../lib/errors';
import { createEditorRepository } from './editor.repository';
import { type Actor, ownedBy } from './editor.shared';
import type { ProjectsService } from './projects.service';

/**
 * Questionnaires of projects (/vrdata/questionnaire): the owner attaches one and reads the results; a viewer of the
 * project answers it once.
 */
export function createQuestionnairesService({ db, projects }: { db: Db; projects: ProjectsService }) {
  const repo = createEditorRepository(db);
  const owned = (actor: Actor, id: number) => ownedBy(projects, actor, id);

  return {
    /** Attaches (or replaces) the questionnaire of the actor's project. */
    async saveQuestionnaire(actor: Actor, body: QuestionnaireBody) {
      await owned(actor, body.project_id);
      const row = await repo.saveQuestionnaire(body.project_id, body.title, body.questions);
      return { id: row.id, project_id: row.projectId, title: row.title, questions: body.questions, answered: false };
    },

    /** The questionnaire of a project the viewer may see, and whether they answered it. */
    async questionnaire(viewer: Actor, projectId: number) {
      await projects.viewable(viewer, projectId);
      const q = await repo.questionnaireOf(projectId);
      // No questionnaire is a normal state of a viewable project, not a missing resource.
      if (!q) return null;
      return {
        id: q.id,
        project_id: q.projectId,
        title: q.title,
        questions: q.questions as Question[],
        answered: await repo.hasAnswered(q.id, viewer.id),
      };
    },

    /** Records the viewer's answers (one set per user); each answer must fit its question. */
    async answer(viewer: Actor, projectId: number, answers: (number | string)[]): Promise<void> {
      await projects.viewable(viewer, projectId);
      const q = await repo.questionnaireOf(projectId);
      if (!q) throw notFound();
      const questions = q.questions as Question[];
      const fits =
        answers.length === questions.length &&
        questions.every((question, i) => {
          const a = answers[i];
          return question.type === 'single'
            ? typeof a === 'number' && a < question.options.length
            : typeof a === 'string' && a.length > 0;
        });
      if (!fits) throw invalid('answers', 'v.answersMismatch');
      if (!(await repo.insertAnswers(q.id, viewer.id, answers))) {
        throw new AppError(ErrorCode.CONFLICT, { messageKey: 'questionnaireAnswered' });
      }
    },

    /** Answer counts per option and the latest text answers (the owner's /vrdata/questionnaire view). */
    async questionnaireResults(actor: Actor, projectId: number) {
      await owned(actor, projectId);
      const q = await repo.questionnaireOf(projectId);
      if (!q) throw notFound();
      const rows = await repo.answersOf(q.id);
      const questions = (q.questions as Question[]).map((question, i) =>
        question.type === 'single'
          ? {
              type: 'single' as const,
              title: question.title,
              counts: question.options.map((_, o) => rows.filter((r) => r.answers[i] === o).length),
            }
          : {
              type: 'text' as const,
              title: question.title,
              texts: rows
                .map((r) => r.answers[i])
                .filter((a): a is string => typeof a === 'string')
                .slice(0, 100),
            },
      );
      return { id: q.id, title: q.title, responses: rows.length, questions };
    },
  };
}
export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
