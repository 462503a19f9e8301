import { contactRoutes } from '../modules/contact/contact.routes';
import { createContactService } from '../modules/contact/contact.service';
import { createForumCache } from '../modules/forum/forum.cache';
import { forumRoutes } from '../modules/forum/forum.routes';
import { createForumService } from '../modules/forum/forum.service';
import { createForumBoardsService } from '../modules/forum/forum-boards.service';
import { createForumThreadsService } from '../modules/forum/forum-threads.service';
import { messagesRoutes } from '../modules/messages/messages.routes';
import type { MessagesService } from '../modules/messages/messages.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import type { ReviewService } from '../modules/projects/review.service';
import { reportsRoutes } from '../modules/reports/reports.routes';
import { createReportsService, type ReportChat } from '../modules/reports/reports.service';
import { stationRoutes } from '../modules/station/station.routes';
import { createStationService } from '../modules/station/station.service';
import type { MembersService } from '../modules/users/members.service';
import type { ProfileService } from '../modules/users/profile.service';
import type { Core, RegisterRoutes } from './core';

/**
 * Community: the contact form, system messages (made by app.ts before every other domain: they all tell people
 * through them), the forum, the station's pushes, and reports of projects, forum posts and world chat messages
 * (decided on /ReportList); with their routes.
 */
export async function wireCommunity(
  core: Pick<Core, 'db' | 'config' | 'mailer' | 'jobs' | 'audit' | 'rbac'>,
  deps: {
    messages: MessagesService;
    profile: ProfileService;
    members: MembersService;
    projects: ProjectsService;
    review: Pick<ReviewService, 'withdraw'>;
    /** The world's chat: hiding a reported message deletes it through the world and tells its room. */
    chat: ReportChat;
  },
) {
  const { db, config, mailer, jobs, audit, rbac } = core;
  const { messages, profile, members, projects, review, chat } = deps;
  const contact = createContactService({ db, mailer, config });
  // The forum: boards, reading and writing share one cache of the lists, which every write clears.
  const forumCache = createForumCache(config.commerce.marketCacheSeconds);
  const forumBoards = createForumBoardsService({ db, cache: forumCache });
  const forumThreads = createForumThreadsService({ db, users: profile, cache: forumCache, boards: forumBoards });
  const forum = createForumService({
    db,
    users: profile,
    messages,
    projects,
    cache: forumCache,
    postIntervalSeconds: config.forum.postIntervalSeconds,
    audit,
  });
  await forumBoards.ensureDefaultBoards();
  const station = createStationService({ db, users: profile, rbac, messages, jobs, audit });
  const reports = createReportsService({
    db,
    projects,
    forumThreads,
    forum,
    review,
    users: profile,
    members,
    messages,
    audit,
    chat,
  });

  const routes: RegisterRoutes = async (api) => {
    await api.register(contactRoutes, { contact });
    await api.register(reportsRoutes, { reports });
    await api.register(messagesRoutes, { messages });
    await api.register(forumRoutes, { boards: forumBoards, threads: forumThreads, forum });
    await api.register(stationRoutes, { station });
  };
  return { contact, forumBoards, forumThreads, forum, station, reports, routes };
}
