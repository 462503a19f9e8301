import { communityRoutes } from '../modules/community/community.routes';
import { createCommunityService } from '../modules/community/community.service';
import { createForumCache } from '../modules/community/forum.cache';
import { forumRoutes } from '../modules/community/forum.routes';
import { createForumService } from '../modules/community/forum.service';
import { createForumBoardsService } from '../modules/community/forum-boards.service';
import { createForumThreadsService } from '../modules/community/forum-threads.service';
import { messagesRoutes } from '../modules/community/messages.routes';
import type { MessagesService } from '../modules/community/messages.service';
import { reportsRoutes } from '../modules/community/reports.routes';
import { createReportsService, type ReportChat } from '../modules/community/reports.service';
import { stationRoutes } from '../modules/community/station.routes';
import { createStationService } from '../modules/community/station.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import type { ReviewService } from '../modules/projects/review.service';
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
  const community = createCommunityService({ db, mailer, config });
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
    await api.register(communityRoutes, { community });
    await api.register(reportsRoutes, { reports });
    await api.register(messagesRoutes, { messages });
    await api.register(forumRoutes, { boards: forumBoards, threads: forumThreads, forum });
    await api.register(stationRoutes, { station });
  };
  return { community, forumBoards, forumThreads, forum, station, reports, routes };
}
