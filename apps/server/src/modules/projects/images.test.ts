import path from 'node:path';
import { PROJECT_IMAGE_MAX_BYTES, PROJECT_IMAGE_PENDING_MAX } from '@xr/contract/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { auth, login, makeUser, multipartFile } from '../../../test/factories';
import { createLocalStorage } from '../../lib/storage';
import { IMAGE_UPLOADS_PER_MINUTE } from './images.routes';
import { createProjectImagesService, IMAGE_ORPHAN_TTL_MS } from './images.service';
import { projectImages } from './images.table';

let t: TestApp;
let app: FastifyInstance;
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;

interface Person {
  id: number;
  token: string;
}

const form = {
  name: 'Harbour at night',
  catalog: '360_image',
  type: 'exhibition',
  price: '0.00',
  keywords: 'harbour',
  description: 'A 360 view of the harbour',
  cover: 'public/covers/harbour.png',
  images: [] as string[],
  tag_ids: [],
  for_sale: false,
  is_public: false,
  anonymous_preview: false,
};

type Reply<T = unknown> = { code: number; message: string; data: T };

async function person(): Promise<Person> {
  const u = await makeUser(t);
  return { id: u.id, token: await login(t, u.email, u.password) };
}

const upload = (token: string | undefined, filename: string, content: Buffer | string, contentType = 'image/png') => {
  const mp = multipartFile(filename, content, contentType);
  return app.inject({
    method: 'POST',
    url: '/api/project/image_upload',
    payload: mp.payload,
    headers: { ...mp.headers, ...(token ? auth(token) : {}), 'accept-language': 'en' },
  });
};

async function uploaded(who: Person, content: Buffer = png, filename = 'picture.png'): Promise<string> {
  const res = await upload(who.token, filename, content);
  const reply = res.json() as Reply<{ url: string }>;
  if (reply.code !== 200) throw new Error(`upload failed: ${res.body}`);
  return reply.data.url;
}

const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...auth(token), 'accept-language': 'en' } });

const fetchFile = (url: string) => app.inject({ method: 'GET', url });
const keyOf = (url: string) => url.replace('/api/files/', '');
const rowOf = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(projectImages)
      .where(eq(projectImages.key, keyOf(url)))
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  const base = sharp({ create: { width: 8, height: 6, channels: 3, background: '#3a7bd5' } });
  png = await base.clone().png().toBuffer();
  jpeg = await base.clone().jpeg().toBuffer();
  webp = await base.clone().webp().toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe('POST /project/image_upload', () => {
  it('needs a token', async () => {
    const res = await upload(undefined, 'cover.png', png);
    expect(res.statusCode).toBe(401);
    expect((res.json() as Reply).code).toBe(10001);
  });

  it('stores PNG, JPEG and WebP pictures under the user and serves them publicly', async () => {
    const me = await person();
    for (const [content, ext, type] of [
      [png, 'png', 'image/png'],
      [jpeg, 'jpg', 'image/jpeg'],
      [webp, 'webp', 'image/webp'],
    ] as const) {
      const res = await upload(me.token, `picture.${ext}`, content, type);
      expect(res.statusCode, ext).toBe(200);
      const url = (res.json() as Reply<{ url: string }>).data.url;
      expect(url).toMatch(new RegExp(`^/api/files/public/projects/${me.id}/[a-f0-9]{32}\\.${ext}$`));
      const file = await fetchFile(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.rawPayload.equals(content)).toBe(true);
      expect(await rowOf(url)).toMatchObject({ ownerId: me.id, bytes: content.length, used: false });
    }
  });

  it('takes the type from the content, not from the name', async () => {
    const me = await person();
    const url = await uploaded(me, jpeg, 'photo.png');
    expect(url).toMatch(/\.jpg$/);
  });

  it('refuses a file that is not a PNG, JPEG or WebP picture by its bytes', async () => {
    const me = await person();
    for (const [name, content] of [
      ['fake.png', Buffer.from('this is not a picture at all, just text with a png name')],
      ['anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
      ['page.pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
    ] as const) {
      const res = await upload(me.token, name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ code: 40004, message: 'Illegal document', data: { field: 'file' } });
    }
    const cut = await upload(me.token, 'cut.png', png.subarray(0, png.length - 20));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 40004, message: 'Illegal document: the file is incomplete or damaged' });
    expect(await t.database.db.select().from(projectImages).where(eq(projectImages.ownerId, me.id))).toHaveLength(0);
  });

  it('refuses a picture over the size limit, and a request without a file', async () => {
    const me = await person();
    const big = Buffer.concat([png, Buffer.alloc(PROJECT_IMAGE_MAX_BYTES + 1 - png.length + 1)]);
    const res = await upload(me.token, 'huge.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 41301, message: 'The file is too large' });
    const none = await app.inject({
      method: 'POST',
      url: '/api/project/image_upload',
      payload: {},
      headers: { ...auth(me.token), 'accept-language': 'en' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 40001, data: { field: 'file' } });
  });

  it(`holds at most ${PROJECT_IMAGE_PENDING_MAX} pictures no project uses yet`, async () => {
    const me = await person();
    await t.database.db.insert(projectImages).values(
      Array.from({ length: PROJECT_IMAGE_PENDING_MAX - 1 }, (_, i) => ({
        ownerId: me.id,
        key: `public/projects/${me.id}/filler-${i}.png`,
        bytes: 10,
      })),
    );
    await uploaded(me);
    const res = await upload(me.token, 'one-more.png', png);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 41302, message: expect.stringContaining('save your project first') });
  });

  it(`allows ${IMAGE_UPLOADS_PER_MINUTE} uploads a minute per user`, async () => {
    const me = await person();
    for (let i = 0; i < IMAGE_UPLOADS_PER_MINUTE; i++) {
      expect((await upload(me.token, 'bad.png', 'not a picture')).statusCode).toBe(400);
    }
    const res = await upload(me.token, 'bad.png', 'not a picture');
    expect(res.statusCode).toBe(429);
    expect((res.json() as Reply).code).toBe(429);
    // Another user is not slowed down.
    expect((await upload((await person()).token, 'ok.png', png)).statusCode).toBe(200);
  });
});

describe('pictures of saved projects', () => {
  it('keeps the pictures a saved project uses, deletes replaced ones, and deletes the rest with the project', async () => {
    const me = await person();
    const cover = await uploaded(me);
    const extra = await uploaded(me, jpeg, 'extra.jpg');
    const added = await post(me.token, '/project/add_project', { ...form, cover, images: [extra] });
    expect(added.statusCode).toBe(200);
    const project = (added.json() as Reply<{ id: number; cover: string; images: string[] }>).data;
    expect(project).toMatchObject({ cover, images: [extra] });
    expect(await rowOf(cover)).toMatchObject({ used: true });

    // Replacing the cover deletes the old picture; the kept image stays.
    const cover2 = await uploaded(me);
    const up = await post(me.token, '/project/up_project', { ...form, id: project.id, cover: cover2, images: [extra] });
    expect(up.statusCode).toBe(200);
    expect((await fetchFile(cover)).statusCode).toBe(404);
    expect(await rowOf(cover)).toBeUndefined();
    expect((await fetchFile(cover2)).statusCode).toBe(200);
    expect((await fetchFile(extra)).statusCode).toBe(200);

    // Saving the same pictures again changes nothing.
    expect(
      (await post(me.token, '/project/up_project', { ...form, id: project.id, cover: cover2, images: [extra] })).statusCode,
    ).toBe(200);
    expect((await fetchFile(cover2)).statusCode).toBe(200);

    // Deleting the project deletes its pictures.
    expect((await post(me.token, '/project/del_project', { id: project.id })).statusCode).toBe(200);
    for (const url of [cover2, extra]) {
      expect((await fetchFile(url)).statusCode).toBe(404);
      expect(await rowOf(url)).toBeUndefined();
    }
  });

  it('keeps a picture another project of the owner still uses', async () => {
    const me = await person();
    const shared = await uploaded(me);
    const a = (await post(me.token, '/project/add_project', { ...form, cover: shared })).json() as Reply<{ id: number }>;
    const b = (await post(me.token, '/project/add_project', { ...form, images: [shared] })).json() as Reply<{ id: number }>;
    expect((await post(me.token, '/project/del_project', { id: a.data.id })).statusCode).toBe(200);
    expect((await fetchFile(shared)).statusCode).toBe(200);
    expect((await post(me.token, '/project/up_project', { ...form, id: b.data.id, images: [] })).statusCode).toBe(200);
    expect((await fetchFile(shared)).statusCode).toBe(404);
  });

  it("refuses another user's picture and pictures that do not exist", async () => {
    const owner = await person();
    const thief = await person();
    const theirs = await uploaded(owner);
    for (const [field, payload] of [
      ['cover', { ...form, cover: theirs }],
      ['images', { ...form, images: [theirs] }],
      ['cover', { ...form, cover: keyOf(theirs) }],
    ] as const) {
      const res = await post(thief.token, '/project/add_project', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 40001,
        message: 'You can only use images you uploaded yourself',
        data: { field },
      });
    }
    const mine = (await post(thief.token, '/project/add_project', form)).json() as Reply<{ id: number }>;
    const stolen = await post(thief.token, '/project/up_project', { ...form, id: mine.data.id, cover: theirs });
    expect(stolen.json()).toMatchObject({ code: 40001, data: { field: 'cover' } });

    const ghost = await post(thief.token, '/project/add_project', {
      ...form,
      cover: `/api/files/public/projects/${thief.id}/${'0'.repeat(32)}.png`,
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json()).toMatchObject({ code: 40001, message: 'This image is no longer available, please upload it again' });
    // Nothing was marked used by the refused saves.
    expect(await rowOf(theirs)).toMatchObject({ used: false });
  });

  it('cleans up pictures no project used within a day, and only those', async () => {
    const me = await person();
    const orphan = await uploaded(me);
    const used = await uploaded(me);
    expect((await post(me.token, '/project/add_project', { ...form, cover: used })).statusCode).toBe(200);
    const images = createProjectImagesService({
      db: t.database.db,
      storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
      tmpDir: path.join(t.config.dataDir, 'tmp'),
    });

    await images.cleanup();
    expect((await fetchFile(orphan)).statusCode).toBe(200);

    await images.cleanup(new Date(Date.now() + IMAGE_ORPHAN_TTL_MS + 60_000));
    expect((await fetchFile(orphan)).statusCode).toBe(404);
    expect(await rowOf(orphan)).toBeUndefined();
    expect((await fetchFile(used)).statusCode).toBe(200);
    expect(await rowOf(used)).toMatchObject({ used: true });
  });
});
