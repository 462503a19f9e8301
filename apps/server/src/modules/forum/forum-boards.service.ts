import type { AddBoardBody, ForumBoard, UpBoardBody } from '@xr/contract/forum';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { ForumCache } from './forum.cache';
import { type ForumActor, isModerator } from './forum.policy';
import { createForumRepository } from './forum.repository';
import { boardOut } from './forum.views';

/** The boards a fresh installation starts with (keys let the seed run again without duplicates). */
export const DEFAULT_BOARDS = [
  {
    key: 'general',
    names: { zh: '综合讨论', tc: '綜合討論', en: 'General' },
    descriptions: { zh: '关于 XR Studio 的一切', tc: '關於 XR Studio 的一切', en: 'Everything about XR Studio' },
  },
  {
    key: 'projects',
    names: { zh: '作品讨论', tc: '作品討論', en: 'Projects' },
    descriptions: {
      zh: '每个作品的讨论主题都在这里',
      tc: '每個作品的討論主題都在這裡',
      en: 'The discussion thread of every project',
    },
  },
  {
    key: 'help',
    names: { zh: '求助与教程', tc: '求助與教學', en: 'Help and tutorials' },
    descriptions: {
      zh: '360 导览、3D 场景和上传的问题',
      tc: '360 導覽、3D 場景和上載的問題',
      en: 'Questions about 360 tours, 3D scenes and uploads',
    },
  },
] as const;

const boardValues = (input: AddBoardBody) => ({
  nameZh: input.names.zh.trim(),
  nameTc: input.names.tc.trim(),
  nameEn: input.names.en.trim(),
  descriptionZh: input.descriptions?.zh?.trim() ?? '',
  descriptionTc: input.descriptions?.tc?.trim() ?? '',
  descriptionEn: input.descriptions?.en?.trim() ?? '',
  sort: input.sort ?? 0,
  enabled: input.enabled ?? true,
});

/**
 * The forum's boards: the defaults of a fresh installation, the list (switched-off boards for moderators only), and
 * the moderators' additions and edits. `scopes` is what thread lists and searches read of them.
 */
export function createForumBoardsService({ db, cache }: { db: Db; cache: ForumCache }) {
  const repo = createForumRepository(db);
  const allBoards = () => cache.cached('boards', () => repo.boards(true));

  return {
    /** Seeds the default boards once (by key), so a fresh installation has somewhere to post. */
    async ensureDefaultBoards(): Promise<void> {
      const existing = await repo.boards(true);
      if (existing.length > 0) return;
      let sort = 0;
      for (const b of DEFAULT_BOARDS) {
        sort += 10;
        await repo.insertBoard({ key: b.key, ...boardValues({ names: b.names, descriptions: b.descriptions, sort }) });
      }
    },

    /** GET /forum/board_list. */
    async boards(actor: ForumActor, all: boolean): Promise<ForumBoard[]> {
      const list = (await allBoards()).map(boardOut);
      return all && isModerator(actor) ? list : list.filter((b) => b.enabled);
    },
    /** POST /forum/add_board (moderators). */
    async addBoard(input: AddBoardBody): Promise<ForumBoard> {
      return boardOut(await cache.write(() => repo.insertBoard(boardValues(input))));
    },
    /** POST /forum/up_board (moderators): names, descriptions, order, on/off. */
    async updateBoard(input: UpBoardBody): Promise<ForumBoard> {
      const row = await cache.write(() => repo.updateBoard(input.id, boardValues(input)));
      if (!row) throw notFound();
      return boardOut(row);
    },

    /** The boards as thread lists and searches see them (id, switch, thread count: three columns, not fourteen). */
    scopes: () => cache.cached('board-scopes', () => repo.boardScopes()),
  };
}
export type ForumBoardsService = ReturnType<typeof createForumBoardsService>;
