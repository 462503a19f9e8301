import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { auth, login, makeUser } from '../test/factories';

/**
 * Drives every route of the OpenAPI document with hostile values, anonymously and as an administrator, and fails
 * on any reply with a status of 500 or more. Each request changes one field of an otherwise plausible request.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const typeOf = (s: JsonSchema | undefined): string => {
  if (!s) return 'string';
  if (s.enum) return 'enum';
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  const alt = s.anyOf ?? s.oneOf;
  return alt ? typeOf(alt[0]) : 'string';
};

/** A value the schema would probably accept (so the hostile one is the only thing wrong). */
function plausible(s: JsonSchema | undefined, name: string): unknown {
  if (s?.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'enum':
      return s?.enum?.[0];
    case 'integer':
    case 'number':
      return Math.max(s?.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s?.properties ?? {})) out[k] = plausible(v, k);
      return out;
    }
    default:
      return name.includes('email') ? 'fuzz@example.test' : 'fuzz';
  }
}

const HOSTILE_NUMBERS: unknown[] = [2 ** 31, 2 ** 53 + 2, -1, 1e308, 1.5, 'abc', null];
const HOSTILE_STRINGS: unknown[] = ['a\u0000b', 'x'.repeat(20_000), 12, { a: 1 }, ['a']];
const HOSTILE_QUERY_NUMBERS = ['2147483648', '9007199254740991', '-1', '1e400', 'abc', ''];
const HOSTILE_QUERY_STRINGS = ['a\u0000b', 'x'.repeat(5000), "'; drop table users; --"];

function hostileFor(s: JsonSchema | undefined, inQuery: boolean): unknown[] {
  const t = typeOf(s);
  if (inQuery) return t === 'integer' || t === 'number' ? HOSTILE_QUERY_NUMBERS : HOSTILE_QUERY_STRINGS;
  if (t === 'integer' || t === 'number') return HOSTILE_NUMBERS;
  if (t === 'array') return [[2 ** 31], [2 ** 53], ['a\u0000b'], 'x', Array.from({ length: 2000 }, (_, i) => i + 1)];
  if (t === 'object') return ['x', [], 2 ** 53];
  return HOSTILE_STRINGS;
}

interface Case {
  method: string;
  url: string;
  payload?: unknown;
  label: string;
}

function queryString(values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

function casesOf(path: string, method: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, plausible(p.schema, p.name)]));
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, String(plausible(p.schema, p.name))]));
  const baseBody = body ? (plausible(body, 'body') as Record<string, unknown>) : undefined;
  const build = (pathValues: Record<string, string>, query: Record<string, unknown>, payload: unknown, label: string) => {
    let url = path;
    for (const [k, v] of Object.entries(pathValues)) url = url.replace(`{${k}}`, encodeURIComponent(v));
    return { method: method.toUpperCase(), url: url + queryString(query), payload, label };
  };
  const out: Case[] = [build(basePath, baseQuery, baseBody, 'plausible')];
  for (const p of pathParams) {
    for (const v of hostileFor(p.schema, true))
      out.push(build({ ...basePath, [p.name]: String(v) }, baseQuery, baseBody, `path ${p.name}`));
  }
  for (const p of queryParams) {
    for (const v of hostileFor(p.schema, true))
      out.push(build(basePath, { ...baseQuery, [p.name]: v }, baseBody, `query ${p.name}`));
  }
  // Parameters the document does not declare still reach the schema: the common ones.
  for (const extra of ['id', 'page', 'limit', 'keyword']) {
    if (queryParams.some((p) => p.name === extra)) continue;
    out.push(build(basePath, { ...baseQuery, [extra]: 'a\u0000b' }, baseBody, `undeclared ${extra}`));
  }
  if (body) {
    for (const [name, schema] of Object.entries(body.properties ?? {})) {
      for (const v of hostileFor(schema, false)) out.push(build(basePath, baseQuery, { ...baseBody, [name]: v }, `body ${name}`));
    }
    for (const whole of ['string', [], null, 42, { ['a\u0000']: 1 }]) out.push(build(basePath, baseQuery, whole, 'body shape'));
  }
  return out;
}

/** Who signs out or changes the password would end the admin session the rest of the sweep uses: anonymous only. */
const endsSession = (path: string) => /\/(logout|logout_all|update_password|reset_password)$/.test(path);

// The routes come from the app's own OpenAPI document, read while the tests are collected: one test per route, so a
// failure names its route.
const t: TestApp = await createTestApp();
const admin = await makeUser(t, { roles: ['admin'] });
let token = await login(t, admin.email, admin.password);
const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method, op })),
);
let sent = 0;

afterAll(async () => {
  await t.close();
});

describe('route fuzz: every route of the OpenAPI document answers below 500 whatever the input', () => {
  it('finds the routes in the document', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it.each(routes.map((r) => ({ ...r, name: `${r.method.toUpperCase()} ${r.path}` })))(
    '$name',
    async ({ path, method, op }) => {
      const failures: string[] = [];
      for (const c of casesOf(path, method, op)) {
        for (const asAdmin of endsSession(path) ? [false] : [false, true]) {
          const headers: Record<string, string> = { 'accept-language': 'zh', ...(asAdmin ? auth(token) : {}) };
          const payload = c.payload === undefined ? undefined : JSON.stringify(c.payload);
          if (payload !== undefined) headers['content-type'] = 'application/json';
          const res = await t.app.inject({ method: c.method as 'GET', url: c.url, payload, headers });
          sent++;
          // 503 with the contract code 50301 is the documented answer of a feature switched off (OIDC), not a crash.
          const switchedOff = res.statusCode === 503 && res.json().code === 50301;
          if (res.statusCode >= 500 && !switchedOff) {
            failures.push(
              `${res.statusCode} ${c.method} ${c.url.slice(0, 120)} [${c.label}${asAdmin ? ', admin' : ''}] ${res.body.slice(0, 160)}`,
            );
          } else if (res.statusCode === 400 && String(res.headers['content-type']).includes('json')) {
            // Validation replies are in the caller's language: no zod English leaks into a zh reply.
            const body = res.json() as { message?: string; data?: { errors?: { message: string }[] } | null };
            const texts = [body.message ?? '', ...(body.data?.errors ?? []).map((e) => e.message)];
            const english = texts.find((m) => /^(Invalid|Too (big|small)|Expected|Unrecognized)/.test(m) || /^v\./.test(m));
            if (english) failures.push(`english "${english}" ${c.method} ${c.url.slice(0, 120)} [${c.label}]`);
          }
          if (asAdmin && res.statusCode === 401) token = await login(t, admin.email, admin.password);
        }
      }
      expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    },
    120_000,
  );

  it('sent more than a thousand hostile requests in all', () => {
    expect(sent).toBeGreaterThan(1000);
  });
});
