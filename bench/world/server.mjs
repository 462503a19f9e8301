/**
 * A server for `npm run bench world` (run with tsx): `product` is the real app (buildApp on a fresh embedded database)
 * with one public world entry over a 3D scene project inserted directly; `relay` is the floor, a bare Socket.IO server
 * that keeps each socket's last movement and broadcasts every 50 ms one batched message of what changed to each room
 * of 200 (no database, no per-recipient interest management) and relays chat messages to the room at once. Prints `READY <port> <entryId>` when listening.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const mode = process.argv[2];

if (mode === 'relay') {
  const { Server } = await import('socket.io');
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io/', serveClient: false });
  const last = new Map();
  /** Rooms of 200, as the product's entry capacity (its overflow instances). */
  const rooms = new Map();
  let seq = 0;
  let chatSeq = 0;
  io.on('connection', (socket) => {
    const id = ++seq;
    const room = `room${Math.floor((id - 1) / 200)}`;
    socket.on('world:join', (_p, ack) => {
      socket.join(room);
      ack?.({ ok: true, data: { member_id: id } });
    });
    socket.on('world:chat', (p, ack) => {
      const message = {
        id: ++chatSeq,
        member_id: id,
        name: `guest ${id}`,
        text: String(p?.text ?? ''),
        created_at: new Date().toISOString(),
      };
      io.to(room).emit('world:chat', message);
      ack?.({ ok: true, data: message });
    });
    socket.on('world:move', (p) => {
      last.set(id, [p.x, p.y, p.z, p.yaw, p.pitch]);
      if (!rooms.has(room)) rooms.set(room, new Set());
      rooms.get(room).add(id);
    });
    socket.on('disconnect', () => last.delete(id));
  });
  setInterval(() => {
    const t = Date.now();
    for (const [room, changed] of rooms) {
      if (changed.size === 0) continue;
      const m = [];
      const s = [];
      for (const id of changed) {
        const st = last.get(id);
        if (!st) continue;
        m.push(id);
        s.push(...st);
      }
      changed.clear();
      io.to(room).emit('world:states', { t, m, s });
    }
  }, 50);
  server.listen(0, '127.0.0.1', () => console.log(`READY ${server.address().port} 0`));
} else {
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { projects } = await import('../../apps/server/src/modules/projects/projects.table.ts');
  const { projectScenes } = await import('../../apps/server/src/modules/projects/scenes.table.ts');
  const { worldEntries } = await import('../../apps/server/src/modules/world/world.table.ts');
  const { users } = await import('../../apps/server/src/modules/users/users.table.ts');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xr-bench-world-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'error',
    SEED_DEMO: '1',
    SEED_MEDIA_WIDTH: '0',
    LIBRARY_PREBUILD: '0',
    WEB_DIST: path.join(dir, 'none'),
  });
  const { openDatabase } = await import('../../apps/server/src/db/client.ts');
  const database = await openDatabase(config);
  const app = await buildApp(config, { database, logger: false });
  const { db } = database;
  const [owner] = await db.select({ id: users.id }).from(users).limit(1);
  const [p] = await db
    .insert(projects)
    .values({ ownerId: owner.id, name: 'Bench hall', catalog: 'multimedia', reviewStatus: 'approved', isPublic: true })
    .returning();
  await db
    .insert(projectScenes)
    .values({ projectId: p.id, kind: 'scene', draftVersion: 1, draftHash: 'bench', publishedVersion: 1 });
  const [e] = await db
    .insert(worldEntries)
    .values({ name: 'Bench hall', projectId: p.id, authorId: owner.id, capacity: 200, inviteToken: 'benchbenchbenchbench' })
    .returning();
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${app.server.address().port} ${e.id}`);
  const close = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', close);
}
