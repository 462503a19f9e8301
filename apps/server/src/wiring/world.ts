import type { AvatarsService } from '../modules/avatars/avatars.service';
import type { ProjectsService } from '../modules/projects/projects.service';
import type { ScenesService } from '../modules/projects/scenes.service';
import type { ProfileService } from '../modules/users/profile.service';
import { createChatService } from '../modules/world/chat.service';
import { createEntriesService } from '../modules/world/entries.service';
import { createPresenceService, type LookFor } from '../modules/world/presence.service';
import { createMemoryAttempts, createRedisAttempts } from '../modules/world/world.attempts';
import { createWorldRooms } from '../modules/world/world.rooms';
import { worldRoutes } from '../modules/world/world.routes';
import type { Realtime } from '../plugins/realtime';
import type { Core, RegisterRoutes } from './core';

/**
 * The meta world: entries (rooms, their access and bans), presence (who is in which instance, host actions, the
 * presence statistics), chat and its records, and the rooms over the realtime channel. Starts this process's
 * heartbeat (`stopNode` ends it and closes the visits it holds).
 */
export async function wireWorld(
  core: Pick<Core, 'db' | 'config' | 'redis' | 'audit' | 'log'>,
  deps: {
    realtime: Realtime;
    projects: ProjectsService;
    scenes: ScenesService;
    profile: ProfileService;
    avatars: Pick<AvatarsService, 'looksFor'>;
  },
) {
  const { db, config, redis, audit, log } = core;
  const { realtime, projects, scenes, profile, avatars } = deps;
  // `lookFor` answers people's avatar in use (a built-in figure's look or an uploaded model's signed URL).
  const lookFor: LookFor = (userIds) => avatars.looksFor(userIds);
  // Wrong room-password guesses per address and room, one budget for HTTP and socket entries (Redis across processes).
  const attempts = redis ? createRedisAttempts(redis) : createMemoryAttempts();
  const entries = createEntriesService({ db, projects, scenes, users: profile, audit, attempts });
  const chat = createChatService({ db, audit });
  const presence = createPresenceService({ db, entries, chat, users: profile, lookFor, audit });
  const nodeId = config.world.nodeId;
  const stopNode = await presence.startNode(nodeId, { staleMs: config.world.staleSeconds * 1000 });
  const rooms = createWorldRooms({
    realtime,
    presence,
    chat,
    nodeId,
    cluster: !!redis,
    log,
    iceServers: config.world.iceServers,
    trustProxy: config.trustProxy,
  });

  const routes: RegisterRoutes = async (api) => {
    await api.register(worldRoutes, { entries, presence, chat, rooms });
  };
  return { entries, presence, chat, rooms, stopNode, routes };
}

export type World = Awaited<ReturnType<typeof wireWorld>>;
