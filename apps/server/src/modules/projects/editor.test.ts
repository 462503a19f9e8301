import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { body, makeProject, placeOrder, shopper } from '../../../test/commerce';
import { auth, login, makeUser } from '../../../test/factories';
import { nextReviewStatus } from './editor.service';

let t: TestApp;
let app: FastifyInstance;
let creator: { id: number; token: string };
let other: { id: number; token: string };
let plain: { id: number; token: string };
let admin: { id: number; token: string };

const form = {
  name: 'Harbour at night',
  catalog: '360_image',
  type: 'exhibition',
  price: '12.50',
  keywords: 'harbour night',
  description: 'A 360 view of the harbour',
  cover: 'public/covers/harbour.png',
  images: [],
  tag_ids: [],
  for_sale: false,
  is_public: false,
  anonymous_preview: false,
};

async function person(roles?: ('admin' | 'user' | 'creator')[]) {
  const u = await makeUser(t, roles ? { roles } : {});
  return { id: u.id, token: await login(t, u.email, u.password) };
}

const post = (token: string | undefined, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers: token ? auth(token) : {} });
const get = (token: string | undefined, url: string) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { ...(token ? auth(token) : {}), 'accept-language': 'en' } });

beforeAll(async () => {
  t = await createTestApp({ MARKET_CACHE_SECONDS: '0' });
  app = t.app;
  creator = await person();
  other = await person();
  plain = await person(['user']);
  admin = await person(['admin']);
});
afterAll(async () => {
  await t.close();
});

describe('review state rules', () => {
  it('sends switched-on or edited approved projects to review', () => {
    expect(nextReviewStatus(null, { forSale: false, isPublic: false }, true)).toBe('draft');
    expect(nextReviewStatus(null, { forSale: true, isPublic: false }, true)).toBe('pending');
    const approved = { reviewStatus: 'approved' as const, forSale: true, isPublic: true };
    expect(nextReviewStatus(approved, { forSale: true, isPublic: true }, false)).toBe('approved');
    expect(nextReviewStatus(approved, { forSale: true, isPublic: true }, true)).toBe('pending');
    const approvedPrivate = { reviewStatus: 'approved' as const, forSale: false, isPublic: false };
    expect(nextReviewStatus(approvedPrivate, { forSale: false, isPublic: true }, false)).toBe('pending');
    const pending = { reviewStatus: 'pending' as const, forSale: true, isPublic: false };
    expect(nextReviewStatus(pending, { forSale: false, isPublic: false }, false)).toBe('draft');
  });
});

describe('project form', () => {
  it('needs a token and the /vrdata/list permission', async () => {
    expect((await post(undefined, '/project/add_project', form)).statusCode).toBe(401);
    expect((await post(plain.token, '/project/add_project', form)).statusCode).toBe(403);
    expect((await get(plain.token, '/project/my_project_page')).statusCode).toBe(403);
  });

  it('refuses each missing required field with its message, and a bad price format', async () => {
    const cases: [string, unknown, string][] = [
      ['name', '', 'Name cannot be empty'],
      ['type', '', 'Please choose a type'],
      ['type', 'spaceship', 'Please choose a type'],
      ['catalog', 'nope', 'Please choose a catalog'],
      ['price', '', 'The price cannot be empty'],
      ['price', '1.234', 'The price format is 0.00'],
      ['price', '-1', 'The price format is 0.00'],
      ['description', ' ', 'The description cannot be empty'],
      ['keywords', '', 'The keyword cannot be empty'],
      ['cover', '', 'Please upload a cover image'],
    ];
    for (const [field, value, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/project/add_project',
        headers: { ...auth(creator.token), 'accept-language': 'en' },
        payload: { ...form, [field]: value },
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.body, field).toContain(message);
    }
  });

  it('creates, lists with search and state filter, edits and deletes; others get 40401', async () => {
    const created = body<{ id: number; price: number; review_status: string }>(
      await post(creator.token, '/project/add_project', form),
    );
    expect(created.code).toBe(200);
    expect(created.data.price).toBe(12.5);
    expect(created.data.review_status).toBe('draft');
    const id = created.data.id;

    const page = body<{ list: { id: number }[]; total: number }>(
      await get(creator.token, '/project/my_project_page?keyword=HARBOUR&review_status=draft'),
    );
    expect(page.data.list.map((p) => p.id)).toContain(id);
    const none = body<{ total: number }>(await get(creator.token, '/project/my_project_page?review_status=approved'));
    expect(none.data.total).toBe(0);
    expect(body<{ total: number }>(await get(other.token, '/project/my_project_page')).data.total).toBe(0);

    expect((await get(creator.token, `/project/project_details?id=${id}`)).statusCode).toBe(200);
    expect((await get(other.token, `/project/project_details?id=${id}`)).statusCode).toBe(404);
    expect((await post(other.token, '/project/up_project', { ...form, id })).statusCode).toBe(404);
    expect((await post(other.token, '/project/del_project', { id })).statusCode).toBe(404);

    const up = body<{ review_status: string; name: string }>(
      await post(creator.token, '/project/up_project', { ...form, id, name: 'Harbour', for_sale: true }),
    );
    expect(up.data).toMatchObject({ name: 'Harbour', review_status: 'pending' });

    expect((await post(creator.token, '/project/del_project', { id })).statusCode).toBe(200);
    expect((await get(creator.token, `/project/project_details?id=${id}`)).statusCode).toBe(404);
    expect((await post(creator.token, '/project/del_project', { id })).statusCode).toBe(404);
  });

  it('does not delete a project somebody owns: its buyers keep it, the creator withdraws it instead', async () => {
    const p = await makeProject(t, creator.id, { name: 'Owned walk', price: 0 });
    const buyer = await shopper(t);
    const order = await placeOrder(t.app, buyer, [p.id]);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/pay/pay',
      headers: buyer.headers,
      payload: { order_on: order.data.order_on, pay_type: 'Free', path: '/', project_ids: String(p.id) },
    });
    expect(body<{ status: string }>(paid).data.status).toBe('paid');

    const refused = await post(creator.token, '/project/del_project', { id: p.id });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 40904, message: expect.stringContaining('不能删除') });
    expect((await get(creator.token, `/project/project_details?id=${p.id}`)).statusCode).toBe(200);
    // Withdrawn (not for sale, not public): out of the market, still the buyer's.
    const off = await post(creator.token, '/project/up_project', {
      ...form,
      id: p.id,
      name: 'Owned walk',
      price: '0.00',
      for_sale: false,
      is_public: false,
    });
    expect(off.statusCode).toBe(200);
    const content = await t.app.inject({ method: 'GET', url: `/api/project/content?id=${p.id}`, headers: buyer.headers });
    expect(body<{ access: string }>(content).data.access).toBe('full');
  });
});

describe('review workflow', () => {
  it('approves and rejects pending projects, records who decided, messages the creator, and the market follows', async () => {
    const a = body<{ id: number }>(
      await post(creator.token, '/project/add_project', { ...form, name: 'Alpha', is_public: true }),
    );
    const b = body<{ id: number }>(await post(creator.token, '/project/add_project', { ...form, name: 'Beta', for_sale: true }));
    expect((await get(creator.token, '/approval/project_review_page')).statusCode).toBe(403);
    expect((await get(undefined, '/approval/project_review_page')).statusCode).toBe(401);
    const pending = body<{ list: { id: number; creator: { id: number } }[] }>(
      await get(admin.token, '/approval/project_review_page?limit=100'),
    );
    expect(pending.data.list.map((p) => p.id)).toEqual(expect.arrayContaining([a.data.id, b.data.id]));

    const market = async () =>
      body<{ list: { id: number }[] }>(await get(undefined, '/home_page/item_list?limit=100')).data.list.map((p) => p.id);
    expect(await market()).not.toContain(a.data.id);

    expect((await post(creator.token, '/approval/approve_project', { id: a.data.id })).statusCode).toBe(403);
    const approved = body<{ review_status: string }>(await post(admin.token, '/approval/approve_project', { id: a.data.id }));
    expect(approved.data.review_status).toBe('approved');
    expect((await post(admin.token, '/approval/approve_project', { id: a.data.id })).statusCode).toBe(409);
    expect(await market()).toContain(a.data.id);

    const noReason = await app.inject({
      method: 'POST',
      url: '/api/approval/reject_project',
      headers: { ...auth(admin.token), 'accept-language': 'en' },
      payload: { id: b.data.id, reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please enter a reason');
    const rejected = body<{ review_status: string; review_reason: string }>(
      await post(admin.token, '/approval/reject_project', { id: b.data.id, reason: 'Cover is blurry' }),
    );
    expect(rejected.data).toMatchObject({ review_status: 'rejected', review_reason: 'Cover is blurry' });

    const records = body<{ list: { project_id: number; decision: string; reviewer: { id: number } }[] }>(
      await get(admin.token, '/approval/review_record_page'),
    );
    expect(records.data.list.slice(0, 2)).toEqual([
      expect.objectContaining({
        project_id: b.data.id,
        decision: 'rejected',
        reviewer: expect.objectContaining({ id: admin.id }),
      }),
      expect.objectContaining({ project_id: a.data.id, decision: 'approved' }),
    ]);
    expect((await get(creator.token, '/approval/review_record_page')).statusCode).toBe(403);

    const msgs = body<{ list: { id: number; message: string; read: boolean }[]; unread: number }>(
      await get(creator.token, '/message/my_message_page'),
    );
    expect(msgs.data.unread).toBe(2);
    expect(msgs.data.list[0]?.message).toBe('Your project “Beta” did not pass review: Cover is blurry');
    expect(msgs.data.list[1]?.message).toBe('Your project “Alpha” passed review');
    expect((await post(other.token, '/message/read_message', { id: msgs.data.list[0]?.id })).statusCode).toBe(404);
    expect((await post(creator.token, '/message/read_message', { id: msgs.data.list[0]?.id })).statusCode).toBe(200);
    expect(body<{ unread: number }>(await get(creator.token, '/message/my_message_page')).data.unread).toBe(1);
    expect((await get(undefined, '/message/my_message_page')).statusCode).toBe(401);

    // Editing the approved project's content sends it back to review (and out of the market).
    const edited = body<{ review_status: string }>(
      await post(creator.token, '/project/up_project', { ...form, id: a.data.id, name: 'Alpha 2', is_public: true }),
    );
    expect(edited.data.review_status).toBe('pending');
    expect(await market()).not.toContain(a.data.id);
  });
});

describe('comments on my projects', () => {
  it('lists comments by state and replies; the reply needs content', async () => {
    const p = await makeProject(t, creator.id, { name: 'Commented' });
    await post(other.token, '/comment/add_comment', { project_id: p.id, content: 'Nice!' });
    expect((await get(plain.token, '/comment/my_comment_page')).statusCode).toBe(403);
    const open = body<{ list: { id: number; state: string; project_name: string }[] }>(
      await get(creator.token, `/comment/my_comment_page?state=no_reply&project_id=${p.id}`),
    );
    expect(open.data.list).toHaveLength(1);
    expect(open.data.list[0]).toMatchObject({ state: 'no_reply', project_name: 'Commented' });
    const id = open.data.list[0]?.id;

    const empty = await app.inject({
      method: 'POST',
      url: '/api/comment/reply_comment',
      headers: { ...auth(creator.token), 'accept-language': 'en' },
      payload: { id, reply: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('please enter content');
    expect((await post(other.token, '/comment/reply_comment', { id, reply: 'hi' })).statusCode).toBe(404);
    expect((await post(creator.token, '/comment/reply_comment', { id, reply: 'Thanks' })).statusCode).toBe(200);
    const replied = body<{ list: { state: string; reply: string }[] }>(
      await get(creator.token, `/comment/my_comment_page?state=replied&project_id=${p.id}`),
    );
    expect(replied.data.list[0]).toMatchObject({ state: 'replied', reply: 'Thanks' });
  });
});

describe('questionnaires', () => {
  it('the creator attaches one, viewers answer once, the creator sees counts', async () => {
    const p = await makeProject(t, creator.id, { name: 'Survey' });
    const q = {
      project_id: p.id,
      title: 'Feedback',
      questions: [
        { type: 'single', title: 'Did you like it?', options: ['Yes', 'No'] },
        { type: 'text', title: 'Why?' },
      ],
    };
    expect((await post(other.token, '/questionnaire/save_questionnaire', q)).statusCode).toBe(404);
    const tooMany = await post(creator.token, '/questionnaire/save_questionnaire', {
      ...q,
      questions: Array.from({ length: 11 }, () => ({ type: 'text', title: 'x' })),
    });
    expect(tooMany.statusCode).toBe(400);
    // Before the creator attaches one, the project simply has none.
    const none = await get(other.token, `/questionnaire/questionnaire_details?project_id=${p.id}`);
    expect(none.statusCode).toBe(200);
    expect(body<null>(none).data).toBeNull();
    expect((await post(creator.token, '/questionnaire/save_questionnaire', q)).statusCode).toBe(200);

    const seen = body<{ answered: boolean; questions: unknown[] }>(
      await get(other.token, `/questionnaire/questionnaire_details?project_id=${p.id}`),
    );
    expect(seen.data).toMatchObject({ answered: false });
    expect(
      (await post(other.token, '/questionnaire/answer_questionnaire', { project_id: p.id, answers: [5, 'x'] })).statusCode,
    ).toBe(400);
    expect(
      (await post(other.token, '/questionnaire/answer_questionnaire', { project_id: p.id, answers: [0, 'Great light'] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(other.token, '/questionnaire/answer_questionnaire', { project_id: p.id, answers: [1, 'again'] })).statusCode,
    ).toBe(409);
    await post(plain.token, '/questionnaire/answer_questionnaire', { project_id: p.id, answers: [1, 'Too dark'] });

    expect((await get(other.token, `/questionnaire/questionnaire_results?project_id=${p.id}`)).statusCode).toBe(404);
    const results = body<{ responses: number; questions: { counts?: number[]; texts?: string[] }[] }>(
      await get(creator.token, `/questionnaire/questionnaire_results?project_id=${p.id}`),
    );
    expect(results.data.responses).toBe(2);
    expect(results.data.questions[0]?.counts).toEqual([1, 1]);
    expect(results.data.questions[1]?.texts).toEqual(expect.arrayContaining(['Great light', 'Too dark']));
  });
});

describe('concurrent review decisions', () => {
  it('only one of many parallel decisions on a project wins', async () => {
    const p = body<{ id: number }>(await post(creator.token, '/project/add_project', { ...form, name: 'Race', is_public: true }));
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? post(admin.token, '/approval/approve_project', { id: p.data.id })
          : post(admin.token, '/approval/reject_project', { id: p.data.id, reason: 'no' }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const records = body<{ total: number }>(await get(admin.token, `/approval/review_record_page?project_id=${p.data.id}`));
    expect(records.data.total).toBe(1);
  });
});
