import { idBody, idQuery, pageOf } from '@xr/contract/common';
import {
  addProjectBody,
  answerBody,
  assetStatus,
  myComment,
  myCommentQuery,
  myProjectQuery,
  ownProject,
  projectContent,
  questionnaire,
  questionnaireBody,
  questionnaireResults,
  rejectProjectBody,
  replyCommentBody,
  reviewItem,
  reviewPageQuery,
  reviewRecord,
  reviewRecordQuery,
  upProjectBody,
} from '@xr/contract/creator';
import { idParam } from '@xr/contract/market';
import { translateMessage } from '@xr/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, ok } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import type { AssetsService } from './assets.service';
import type { EditorService } from './editor.service';
import type { QuestionnairesService } from './questionnaires.service';
import type { ReviewService } from './review.service';

const tags = ['projects'];
const security = [{ bearer: [] }];
const list = { permission: '/vrdata/list' } as const;
const status = { permission: '/vrdata/status' } as const;
const commentList = { permission: '/vrdata/commentlist' } as const;
const questionnaireScreen = { permission: '/vrdata/questionnaire' } as const;
const reviewScreen = { permission: '/approval/project-review' } as const;
const records = { permission: '/approval/project-review-records' } as const;
const projectIdQuery = z.object({ project_id: idParam });

/** The creator's projects (/vrdata/*), the review screens (/approval/project-review*) and protected content. */
export const editorRoutes: FastifyPluginAsyncZod<{
  editor: EditorService;
  review: ReviewService;
  assets: AssetsService;
  questionnaires: QuestionnairesService;
}> = async (app, { editor, review, assets, questionnaires }) => {
  const done = (lang: Parameters<typeof translateMessage>[1]) => translateMessage('operationSuccessful', lang);

  app.post(
    '/project/add_project',
    { config: { access: list }, schema: { tags, security, body: addProjectBody, response: { 200: envelope(ownProject) } } },
    async (request) => ok(await editor.add(currentUser(request), request.body), done(request.lang)),
  );
  app.post(
    '/project/up_project',
    { config: { access: list }, schema: { tags, security, body: upProjectBody, response: { 200: envelope(ownProject) } } },
    async (request) => ok(await editor.update(currentUser(request), request.body), done(request.lang)),
  );
  app.post(
    '/project/del_project',
    { config: { access: list }, schema: { tags, security, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await editor.remove(currentUser(request), request.body.id);
      return ok(null, done(request.lang));
    },
  );
  app.get(
    '/project/my_project_page',
    {
      config: { access: list },
      schema: { tags, security, querystring: myProjectQuery, response: { 200: envelope(pageOf(ownProject)) } },
    },
    async (request) => ok(await editor.myPage(currentUser(request), request.query)),
  );
  app.get(
    '/project/project_details',
    { config: { access: list }, schema: { tags, security, querystring: idQuery, response: { 200: envelope(ownProject) } } },
    async (request) => ok(await editor.details(currentUser(request), request.query.id)),
  );
  app.get(
    '/project/asset_status',
    {
      config: { access: status },
      schema: { tags, security, querystring: projectIdQuery, response: { 200: envelope(assetStatus) } },
    },
    async (request) => ok(await assets.assetStatus(currentUser(request), request.query.project_id, request.lang)),
  );
  app.get(
    '/project/content',
    { config: { access: 'public' }, schema: { tags, querystring: idQuery, response: { 200: envelope(projectContent) } } },
    async (request) => ok(await assets.content(request.user, request.query.id, request.lang)),
  );

  app.get(
    '/comment/my_comment_page',
    {
      config: { access: commentList },
      schema: { tags, security, querystring: myCommentQuery, response: { 200: envelope(pageOf(myComment)) } },
    },
    async (request) => ok(await editor.myComments(currentUser(request), request.query)),
  );
  app.post(
    '/comment/reply_comment',
    { config: { access: commentList }, schema: { tags, security, body: replyCommentBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await editor.reply(currentUser(request), request.body.id, request.body.reply);
      return ok(null, done(request.lang));
    },
  );

  app.post(
    '/questionnaire/save_questionnaire',
    {
      config: { access: questionnaireScreen },
      schema: { tags, security, body: questionnaireBody, response: { 200: envelope(questionnaire) } },
    },
    async (request) => ok(await questionnaires.saveQuestionnaire(currentUser(request), request.body), done(request.lang)),
  );
  app.get(
    '/questionnaire/questionnaire_results',
    {
      config: { access: questionnaireScreen },
      schema: { tags, security, querystring: projectIdQuery, response: { 200: envelope(questionnaireResults) } },
    },
    async (request) => ok(await questionnaires.questionnaireResults(currentUser(request), request.query.project_id)),
  );
  app.get(
    '/questionnaire/questionnaire_details',
    {
      config: { access: 'user' },
      schema: { tags, security, querystring: projectIdQuery, response: { 200: envelope(questionnaire.nullable()) } },
    },
    async (request) => ok(await questionnaires.questionnaire(currentUser(request), request.query.project_id)),
  );
  app.post(
    '/questionnaire/answer_questionnaire',
    { config: { access: 'user' }, schema: { tags, security, body: answerBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await questionnaires.answer(currentUser(request), request.body.project_id, request.body.answers);
      return ok(null, done(request.lang));
    },
  );

  app.get(
    '/approval/project_review_page',
    {
      config: { access: reviewScreen },
      schema: { tags, security, querystring: reviewPageQuery, response: { 200: envelope(pageOf(reviewItem)) } },
    },
    async (request) => ok(await review.reviewPage(request.query, request.lang)),
  );
  app.post(
    '/approval/approve_project',
    { config: { access: reviewScreen }, schema: { tags, security, body: idBody, response: { 200: envelope(ownProject) } } },
    async (request) => ok(await review.decide(currentUser(request), request.body.id, 'approved'), done(request.lang)),
  );
  app.post(
    '/approval/reject_project',
    {
      config: { access: reviewScreen },
      schema: { tags, security, body: rejectProjectBody, response: { 200: envelope(ownProject) } },
    },
    async (request) =>
      ok(await review.decide(currentUser(request), request.body.id, 'rejected', request.body.reason), done(request.lang)),
  );
  app.get(
    '/approval/review_record_page',
    {
      config: { access: records },
      schema: { tags, security, querystring: reviewRecordQuery, response: { 200: envelope(pageOf(reviewRecord)) } },
    },
    async (request) => ok(await review.recordPage(request.query)),
  );
};
