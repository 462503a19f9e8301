/**
 * A server-like process for the world chat crash test (modules/world/world-chat-crash.test.ts): opens the embedded
 * database under DATA_DIR and prints JSON lines.
 *   chat  - opens a visit and sends chat messages through the chat service (several at once, so they share group
 *           commits), printing each one as it is acknowledged; never stops: the test kills it with SIGKILL.
 *   check - prints the texts of every stored chat message and the visit's message count, then exits.
 */
import { openDatabase } from '../src/db/client';
import { createChatService } from '../src/modules/world/chat.service';
import { worldChat, worldEntries, worldVisits } from '../src/modules/world/world.table';

const [dataDir, mode] = process.argv.slice(2) as [string, 'chat' | 'check'];
const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const database = await openDatabase({ dataDir });
await database.migrate();
const { db } = database;

if (mode === 'check') {
  const rows = await db.select({ text: worldChat.text }).from(worldChat);
  const [visit] = await db.select({ messages: worldVisits.messages }).from(worldVisits);
  say({ event: 'stored', texts: rows.map((r) => r.text), messages: visit?.messages ?? 0 });
  await database.close();
  process.exit(0);
}

const [entry] = await db
  .insert(worldEntries)
  .values({ name: 'Crash hall', projectId: 1, authorId: 1, inviteToken: 'crashcrashcrashcrash' })
  .returning();
if (!entry) throw new Error('no entry');
const [visit] = await db
  .insert(worldVisits)
  .values({ entryId: entry.id, instance: 1, name: 'Guest', nodeId: 'crash', socketId: 'crash' })
  .returning();
if (!visit) throw new Error('no visit');
const chat = createChatService({ db });
say({ event: 'ready', pid: process.pid });
for (let round = 0; ; round++) {
  await Promise.all(
    [0, 1, 2, 3, 4].map(async (i) => {
      const text = `m${round}-${i}`;
      await chat.send(visit.id, text);
      say({ event: 'acked', text });
    }),
  );
}
