import type { AccountsPort, DemoActor, DemoLog, ForumPort, RbacPort } from './ports';

/** Demo threads: each by a demo account (by e-mail), with replies, so a newcomer's forum is not empty. */
const THREADS = [
  {
    board: 'general',
    author: 'admin@demo.test',
    title: '欢迎来到 XR Studio 论坛 / Welcome to the XR Studio forum',
    body: '在这里提问、分享作品、交流 360 导览和 3D 场景的经验。\n\nAsk questions, share your work and swap tips on 360 tours and 3D scenes. Please be kind, and use **Markdown** to format your posts.',
    pin: true,
    replies: [{ author: 'user@demo.test', body: 'Thanks! Glad to be here. 很高兴加入！' }],
  },
  {
    board: 'help',
    author: 'user@demo.test',
    title: 'How do I set where a 360 tour starts looking?',
    body: 'My tour always opens facing the floor. Is there a way to choose the first view of each scene?',
    solved: true,
    replies: [
      {
        author: 'creator@demo.test',
        body: 'Open the tour editor, look around until the view is right and press **Set start view**. Each scene keeps its own start view.',
      },
      { author: 'user@demo.test', body: '@DemoMaker that worked, thank you!' },
    ],
  },
  {
    board: 'help',
    author: 'creator@demo.test',
    title: 'FBX 模型上传后贴图丢失怎么办？',
    body: '我上传的 FBX 模型在预览里是灰色的，贴图没有显示。',
    replies: [
      {
        author: 'admin@demo.test',
        body: '把 FBX 和它的贴图文件一起打包成 **zip** 再上传，管线会按文件名找到贴图。也可以先在建模软件里导出为 glTF (GLB)。',
      },
    ],
  },
] as const;

/**
 * Seeds the demo forum on first start (after the demo accounts): a pinned welcome thread, a solved question with a
 * mention, and a Chinese question with an answer. Posting goes through the forum service, so counters, unread
 * markers and the mention's system message are the real ones.
 */
export async function seedForum(deps: { forum: ForumPort; users: AccountsPort; rbac: RbacPort; log: DemoLog }): Promise<void> {
  const { forum, users, rbac } = deps;
  const actors = new Map<string, DemoActor>();
  const actor = async (email: string) => {
    let a = actors.get(email);
    if (!a) {
      const id = await users.accountIdByLogin(email);
      if (!id) throw new Error(`demo account ${email} is missing`);
      const access = await rbac.accessOf(id);
      a = { id, permissions: new Set(access.permissions), roles: access.roles };
      actors.set(email, a);
    }
    return a;
  };
  const boards = await forum.boards(null, false);
  const boardOf = (key: string) => boards[{ general: 0, projects: 1, help: 2 }[key] ?? 0]?.id;
  for (const th of THREADS) {
    const board = boardOf(th.board);
    if (!board) continue;
    const { id } = await forum.addThread(await actor(th.author), { board_id: board, title: th.title, body: th.body });
    let firstReply: number | undefined;
    for (const r of th.replies) {
      const posted = await forum.addPost(await actor(r.author), { thread_id: id, body: r.body });
      firstReply ??= posted.id;
    }
    if ('pin' in th && th.pin) await forum.moderateThread(null, { id, action: 'pin' });
    if ('solved' in th && th.solved && firstReply) await forum.solveThread(await actor(th.author), { id, post_id: firstReply });
  }
  deps.log.info('Demo forum seeded');
}
