/**
 * Web first load: builds the web app when its dist is missing, starts the real server on a fresh database serving
 * that build, and loads the home page, the market, a product's details and /profile (signed in as the demo
 * creator) in headless Chromium with a cold cache (a fresh browser context per page). Records per page the
 * requests, the bytes on the wire (as served: brotli), the JS+CSS size gzipped (each script and style body
 * gzipped at level 9, what a gzip-only client receives from the precompressed `.gz` files), FCP and LCP.
 * Budget: public pages ≤ 250 KiB JS+CSS gzipped and ≤ 25 requests, /profile ≤ 400 KiB.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startServer, writeSection } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html')) || process.env.BENCH_WEB_BUILD === '1') {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const BUDGET = { public: 250, profile: 400, requests: 25 };

const server = await startServer({ WEB_DIST: dist });
let browser;

async function api(p, body, token) {
  const r = await fetch(`${server.url}/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`${p}: ${j.code} ${j.message}`);
  return j.data;
}

/** A published project of the demo catalogue for the details page. */
async function firstProductId() {
  const r = await fetch(`${server.url}/api/home_page/item_list?page=1&limit=1`);
  const j = await r.json();
  const item = j.data?.list?.[0];
  if (!item) throw new Error('no project in the demo catalogue');
  return item.id;
}

/** Loads one page cold and measures it. */
async function measure(route, { token, waitFor } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  await ctx.addInitScript(
    ([t]) => {
      localStorage.setItem('xr_tour_done', '1');
      if (t) localStorage.setItem('xr_token', t);
      window.__lcp = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    },
    [token ?? ''],
  );
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { type: e.type, url: e.response.url, encoding: e.response.headers['content-encoding'] ?? '' });
  });
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const bodies = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') bodies.push(res.body().then((b) => zlib.gzipSync(b, { level: 9 }).length));
  });
  await page.goto(`${server.url}/#${route}`, { waitUntil: 'load' });
  if (waitFor) await page.locator(waitFor).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const { fcp, lcp } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    lcp: window.__lcp,
  }));
  const all = [...requests.values()].filter((r) => !r.url.startsWith('data:'));
  const jsCss = all.filter((r) => r.type === 'Script' || r.type === 'Stylesheet');
  if (process.env.BENCH_TRACE === '1')
    for (const r of [...all].sort((a, b) => b.bytes - a.bytes))
      console.log(route, Math.round(r.bytes / 1024), r.type, r.url.replace(server.url, '').slice(0, 100));
  const gz = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  await ctx.close();
  return {
    requests: all.length,
    scripts: jsCss.length,
    wire: all.reduce((a, r) => a + r.bytes, 0),
    jsCssWire: jsCss.reduce((a, r) => a + r.bytes, 0),
    jsCssGzip: gz,
    encodings: [...new Set(jsCss.map((r) => r.encoding || 'identity'))].join('+'),
    fcp,
    lcp,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kib = (b) => (b / 1024).toFixed(1);

const rows = [];
let over = false;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const id = await firstProductId();
  const login = await api('/login', { username: 'creator@demo.test', password: 'Demo@12345' });
  const pages = [
    { name: 'home', route: '/', waitFor: '.xr-pub-main' },
    { name: 'market', route: '/marke_place', waitFor: '.xr-pub-main' },
    { name: 'details', route: `/product_details?id=${id}`, waitFor: '.xr-pub-main' },
    { name: 'profile (signed in)', route: '/profile', token: login.access_token, waitFor: '.ant-layout', profile: true },
  ];
  for (const p of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(p.route, p));
    const r = {
      page: p.name,
      route: p.route,
      requests: median(runs.map((x) => x.requests)),
      scripts: median(runs.map((x) => x.scripts)),
      wire: median(runs.map((x) => x.wire)),
      jsCssWire: median(runs.map((x) => x.jsCssWire)),
      jsCssGzip: median(runs.map((x) => x.jsCssGzip)),
      encodings: runs[0].encodings,
      fcp: median(runs.map((x) => x.fcp)),
      lcp: median(runs.map((x) => x.lcp)),
      budget: p.profile ? BUDGET.profile : BUDGET.public,
    };
    r.ok = r.jsCssGzip / 1024 <= r.budget && (p.profile || r.requests <= BUDGET.requests);
    if (!r.ok) over = true;
    rows.push(r);
    console.log(r);
  }
} finally {
  await browser?.close();
  await server.stop();
}

const table = [
  '| page | requests | JS+CSS files | JS+CSS gzip KiB | JS+CSS on the wire KiB (encoding) | all bytes on the wire KiB | FCP ms | LCP ms | budget |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.requests} | ${r.scripts} | ${kib(r.jsCssGzip)} | ${kib(r.jsCssWire)} (${r.encodings}) | ${kib(r.wire)} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${r.ok ? '✓' : '✗'} ≤ ${r.budget} KiB${r.page.startsWith('profile') ? '' : `, ≤ ${BUDGET.requests} requests`} |`,
  ),
].join('\n');

writeSection(
  'web',
  `## Web first load

\`npm run bench web\` (bench/web.bench.mjs; \`BENCH_WEB_BUILD=1\` rebuilds the web app first): the real server on a fresh
embedded database serves the production build (precompressed brotli/gzip, immutable caching of hashed names); headless
Chromium (1440×900, no cache, a fresh context per load) opens each page cold; median of ${RUNS} loads. "JS+CSS gzip" is
every script and style the page loaded, gzipped (what a gzip-only client gets); "on the wire" is what Chromium
received (brotli). Requests count everything the page fetched, API calls and images included.
Budget: public pages ≤ ${BUDGET.public} KiB JS+CSS gzipped and ≤ ${BUDGET.requests} requests, /profile ≤ ${BUDGET.profile} KiB.
${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average (1/5/15 min) after the run ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ')}.

${table}
`,
);
console.log(table);
process.exit(over ? 1 : 0);
