import path from 'node:path';
import { type CanStream, createBroadcastService } from '../modules/live/broadcast.service';
import { createLiveChatService } from '../modules/live/chat.service';
import { createRedisLiveAudience } from '../modules/live/live.audience';
import { roomOf as liveRoomOf } from '../modules/live/live.channels';
import { createRedisLiveDirectory } from '../modules/live/live.directory';
import { createLiveReactions } from '../modules/live/live.reactions';
import { liveRoutes } from '../modules/live/live.routes';
import { createLiveService } from '../modules/live/live.service';
import { liveCutsAcrossProcesses, liveSocketHandler } from '../modules/live/live.socket';
import { createLiveViewers } from '../modules/live/live.viewers';
import type { PlansService } from '../modules/plans/plans.service';
import type { AssetsService } from '../modules/projects/assets.service';
import type { EditorService } from '../modules/projects/editor.service';
import type { ProjectImagesService } from '../modules/projects/images.service';
import type { StorageRulesService } from '../modules/system/storage-rules.service';
import type { AccountsService } from '../modules/users/accounts.service';
import type { ProfileService } from '../modules/users/profile.service';
import type { Realtime } from '../plugins/realtime';
import { createLiveRecordingImport } from '../workflows/live-recording';
import type { Core, RegisterRoutes } from './core';

/**
 * Live VR streaming: RTMP ingest, playback tickets, the watch page's audience and reactions over the realtime
 * channel, and kept recordings imported as 360 video assets. `startIngest` opens the RTMP port once the app is ready.
 */
export function wireLive(
  core: Pick<Core, 'db' | 'config' | 'redis' | 'counters' | 'rbac' | 'storage' | 'log' | 'server'>,
  deps: {
    realtime: Realtime;
    accounts: Pick<AccountsService, 'accountState'>;
    profile: ProfileService;
    plans: Pick<PlansService, 'allows'>;
    editor: Pick<EditorService, 'add' | 'remove'>;
    assets: Pick<AssetsService, 'acceptAsset'>;
    images: ProjectImagesService;
    rules: StorageRulesService;
  },
) {
  const { db, config, redis, counters, rbac, storage, log, server } = core;
  const { realtime, accounts, profile, plans, editor, assets, images, rules } = deps;
  // Creating and publishing need `canStream`: an active account whose plan includes live streaming (plans.allows),
  // or an administrator.
  const canStream: CanStream = async (userId) => {
    const account = await accounts.accountState(userId);
    if (account?.status !== 'active') return false;
    return (await rbac.accessOf(userId)).roles.includes('admin') || (await plans.allows(userId, 'live_streaming'));
  };
  const liveCluster = redis ? liveCutsAcrossProcesses(realtime) : undefined;
  const emit = (room: string, event: string, payload: unknown) => realtime.io.to(room).emit(event, payload);
  // Viewer tickets and counts; with Redis, counts are summed over every process.
  const viewers = createLiveViewers({
    db,
    secret: config.uploads.urlSecret,
    ticketTtlSeconds: config.uploads.urlTtlSeconds,
    log,
    emit,
    audience: redis ? createRedisLiveAudience(redis, config.world.nodeId) : undefined,
  });
  const broadcast = createBroadcastService({
    db,
    canStream,
    log,
    emit,
    viewers,
    ingest: {
      port: config.live.rtmpPort,
      host: config.live.rtmpHost,
      publicUrl: config.live.rtmpPublicUrl,
      graceSeconds: config.live.graceSeconds,
      recordDir: path.join(config.dataDir, 'live', 'recordings'),
    },
    // With Redis, viewers of any process get a stream another process ingests (their play request is proxied there).
    directory: redis
      ? createRedisLiveDirectory(redis, () => {
          if (config.live.internalUrl) return config.live.internalUrl;
          const address = server.address();
          return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
        })
      : undefined,
    cutElsewhere: liveCluster?.cut,
    // A kept recording becomes a 360 video asset of the creator (a private draft project) through the asset pipeline.
    importRecording: createLiveRecordingImport({
      editor,
      assets,
      images,
      rules,
      storage,
      tmpDir: path.join(config.dataDir, 'tmp'),
      log,
    }),
  });
  const live = createLiveService({ db, users: profile, canStream, broadcast, viewers });
  const chat = createLiveChatService({ db, emit, viewers, broadcast });
  // Reactions on the watch page, limited per person with the shared counters (Redis with REDIS_URL).
  const liveReactions = createLiveReactions({
    counters,
    emit: (stream, event, payload) => realtime.io.to(liveRoomOf(stream)).emit(event, payload),
  });
  realtime.onConnection(liveSocketHandler(chat, liveReactions));
  liveCluster?.onCut((id) => broadcast.cutLocal(id));

  const routes: RegisterRoutes = async (api) => {
    await api.register(liveRoutes, { live, broadcast });
  };
  return { live, broadcast, chat, routes };
}
