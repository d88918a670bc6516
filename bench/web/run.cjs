/* global window, document -- in the functions run in the page */
// The web app in a phone's browser: Debian's Chromium with its CPU slowed 4x and a slow mobile
// network (Chrome's own emulation), an agent with 10,000 orders in the store they work on.
// Measures the time to the first orders on a cold load, the interaction to next paint (INP) of a
// filter change and of a status change, and the long tasks while scrolling through the orders.
// A benchmark, not a test: it prints the figures and the targets and says which are met.
// Loopback only; its own database and Redis database, dropped at the end; bounded in time.
const { mkdirSync, writeFileSync } = require('node:fs');
const { cpus, loadavg } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { chromium } = require('playwright-core');
const { build } = require('../../deploy/local/build.cjs');
const { median } = require('../lib/measure.cjs');
const { runBench, writeResult } = require('../lib/run-bench.cjs');
const { insertOrders, ownerWithStore } = require('../lib/world.cjs');
const { installProbes, interactionsSince, pageClock } = require('./page-probes.cjs');
const { printSummary, summarize } = require('./trace-summary.cjs');

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const LOADS = Number(process.env.BENCH_LOADS ?? 3);
const INTERACTIONS = 5;
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);
/** Records a Chrome performance trace around each interaction phase (it slows them a little). */
const TRACES = !!process.env.BENCH_TRACES;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'blink.user_timing',
  'latencyInfo',
];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'souk-el-fellah';
const PHONE = { width: 390, height: 844 };
const CPU_SLOWDOWN = 4;

/** Chrome DevTools' presets (request-level: `latency` is added to every request). */
const NETWORKS = {
  'slow 3G': { latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 },
  'slow 4G': { latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 },
};
const RESULTS_DIR = join(__dirname, '..', 'results');
const TARGETS = { firstRowsMs: 2500, firstRowsNetwork: 'slow 3G', inpMs: 200, longTaskMs: 200 };

async function main() {
  console.log('Building…');
  await build();
  const { TestSystem, registerUser, addConfirmateur } = require('@tawsil/testing');
  const webDist = process.env.BENCH_WEB_DIST;
  const system = await TestSystem.start({
    services: ['identity', 'orders', 'stores-youcan'],
    env: { LOG_LEVEL: 'warn', ...(webDist ? { WEB_DIST_DIR: webDist } : {}) },
  });
  const db = new Client({ connectionString: system.database.url });
  await db.connect();
  let browser;
  try {
    const agent = await agentWithOrders(system, db, { registerUser, addConfirmateur });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const loads = {};
    for (const network of Object.keys(NETWORKS)) {
      loads[network] = [];
      for (let run = 0; run < LOADS; run++) {
        const { context, page, ...cold } = await coldLoad(browser, system.gatewayUrl, agent, network);
        await page.close();
        // The same phone coming back: what its cache keeps.
        const { page: again, ...warm } = await openOrders(context, network);
        await again.close();
        await context.close();
        loads[network].push({ cold, warm });
        for (const [visit, load] of Object.entries({ cold, warm }))
          console.log(
            `${network}, ${visit} load ${run + 1}: first orders at ${load.firstRowsMs.toFixed(0)} ms, ${kb(load.bytes.total)} on the wire before (scripts ${kb(load.bytes.Script)}, styles ${kb(load.bytes.Stylesheet)}, API ${kb(load.bytes.Fetch)}, ${kb(load.bytes.FetchDecoded)} decompressed)`,
          );
        if (run === 0)
          for (const { what, startMs, endMs } of cold.requests)
            console.log(`  ${String(startMs).padStart(6)} → ${String(endMs ?? '…').padStart(6)} ms  ${what}`);
      }
    }
    const { page, context } = await coldLoad(browser, system.gatewayUrl, agent, TARGETS.firstRowsNetwork);
    // The interactions measure the page's main thread: other work on the machine shows in them.
    const loadBefore = loadavg()[0];
    const traced = (name, phase) => (TRACES ? withTrace(browser, page, name, phase) : phase(page));
    const filterChanges = await traced('filter-change', changeFilter);
    const statusChanges = await traced('status-change', changeStatus);
    const scrolling = await traced('scrolling', scrollThrough);
    await context.close();
    const machineLoad = { before: loadBefore, after: loadavg()[0] };

    report({ loads, filterChanges, statusChanges, scrolling, machineLoad });
    writeResult('web', {
      orders: ORDERS,
      networks: NETWORKS,
      targets: TARGETS,
      loads,
      filterChanges,
      statusChanges,
      scrolling,
      machineLoad,
    });
  } finally {
    await browser?.close();
    await db.end();
    await system.stop();
  }
}

/** An owner's store with ORDERS pending orders, and an agent added to it the way people do. */
async function agentWithOrders(system, db, { registerUser, addConfirmateur }) {
  const email = 'bench-web-owner@shop.dz';
  const owner = await ownerWithStore(system, db, { name: 'Amina Bench', email, storeName: 'bench-web' });
  const agent = await registerUser(system, 'Yacine Bench', true);
  await addConfirmateur(system, { token: owner.token, email }, owner.store, agent);
  await insertOrders(db, owner, { count: ORDERS });
  await db.query('vacuum analyze orders.orders');
  // The agent's stores reach the orders service as an event: wait until the agent sees them.
  for (let attempt = 0; ; attempt++) {
    const answer = await system.request('GET', '/api/orders/youcan?limit=1', undefined, agent.token);
    if (Number(answer.headers.get('x-total-count')) >= Math.min(ORDERS, 10_000)) break;
    if (attempt > 100) throw new Error(`the agent sees ${answer.headers.get('x-total-count')} orders`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`An agent with ${ORDERS.toLocaleString('en')} orders in their store`);
  return agent;
}

/**
 * A phone that has never loaded the app (an empty cache), whose user signed in before (the
 * refresh cookie and who is signed in, as a sign-in leaves them), opening /orders.
 */
async function coldLoad(browser, baseURL, agent, network) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const login = await context.request.post('/api/users/login', {
    data: { email: agent.email, password: PASSWORD },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  const user = await login.json();
  delete user.token;
  await context.addInitScript(installProbes, JSON.stringify(user));
  return { context, ...(await openOrders(context, network)) };
}

/** A new tab of the context on /orders, slowed down: when the first orders show, and the bytes until then. */
async function openOrders(context, network) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORKS[network] });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const wire = bytesOnTheWire(cdp);
  const requests = requestTimeline(cdp);
  await page.goto('/orders?view=all', { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__bench.firstRowsAt !== undefined, null, {
    polling: 50,
    timeout: 120_000,
  });
  const firstRowsMs = await page.evaluate(() => window.__bench.firstRowsAt);
  return { page, firstRowsMs, bytes: wire.sofar(), requests: requests.until(firstRowsMs) };
}

/**
 * Each request until the first orders: when it started and ended (ms from the page's first
 * request, about the start of the navigation): where the time of a load goes on a slow network.
 */
function requestTimeline(cdp) {
  const requests = new Map();
  let origin;
  cdp.on('Network.requestWillBeSent', ({ requestId, timestamp, request }) => {
    origin ??= timestamp;
    const { pathname } = new URL(request.url);
    requests.set(requestId, { what: `${request.method} ${pathname}`, startMs: (timestamp - origin) * 1000 });
  });
  const end = ({ requestId, timestamp }) => {
    const request = requests.get(requestId);
    if (request && origin !== undefined) request.endMs = (timestamp - origin) * 1000;
  };
  cdp.on('Network.loadingFinished', end);
  cdp.on('Network.loadingFailed', end);
  return {
    until: (ms) =>
      [...requests.values()]
        .filter((request) => request.startMs <= ms && !request.what.endsWith('/api/events'))
        .map(({ what, startMs, endMs }) => ({
          what,
          startMs: Math.round(startMs),
          endMs: endMs && Math.round(endMs),
        })),
  };
}

/** Bytes received (headers and compressed bodies) per resource type, as Chrome counts them. */
function bytesOnTheWire(cdp) {
  const types = new Map();
  const bytes = { total: 0 };
  cdp.on('Network.responseReceived', ({ requestId, type }) => types.set(requestId, type));
  // The API's answers as the app reads them, decompressed: what compression saved.
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    if (types.get(requestId) === 'Fetch') bytes.FetchDecoded = (bytes.FetchDecoded ?? 0) + dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const type = types.get(requestId) ?? 'Other';
    bytes[type] = (bytes[type] ?? 0) + encodedDataLength;
    bytes.total += encodedDataLength;
  });
  return { sofar: () => ({ Script: 0, Stylesheet: 0, Fetch: 0, FetchDecoded: 0, ...bytes }) };
}

/**
 * Runs one phase inside a Chrome performance trace, written to bench/results/web-<name>.trace.json
 * (open it in DevTools' Performance panel), and prints where its long tasks spent the time.
 */
async function withTrace(browser, page, name, phase) {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES, screenshots: false });
  let result;
  try {
    result = await phase(page);
  } finally {
    const trace = await browser.stopTracing();
    const file = join(RESULTS_DIR, `web-${name}.trace.json`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(file, trace);
    printSummary(`${name} (${file})`, summarize(JSON.parse(trace.toString('utf8'))));
  }
  return result;
}

/** Picks the next status in the Status filter from the keyboard, as a phone's picker does, 5 times. */
async function changeFilter(page) {
  const since = await pageClock(page);
  const status = page.getByLabel('Status');
  for (let i = 0; i < INTERACTIONS; i++) {
    await status.focus();
    const listed = page.waitForResponse((response) => response.url().includes('/api/orders/youcan?'));
    await page.keyboard.press('ArrowDown');
    await listed;
    await page.waitForTimeout(300);
  }
  await status.selectOption('');
  await page.locator('[data-testid="order-card"]').first().waitFor();
  return durations(await interactionsSince(page, since));
}

/** Taps "Pas de réponse" on the first cards, one after the other, waiting for each save. */
async function changeStatus(page) {
  const since = await pageClock(page);
  for (let i = 0; i < INTERACTIONS; i++) {
    const card = page.locator('[data-testid="order-card"]').nth(i);
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
    await card.getByRole('button', { name: 'Pas de réponse' }).click();
    await saved;
    await page.waitForTimeout(300);
  }
  return durations(await interactionsSince(page, since));
}

/** Scrolls down the cards with the mouse wheel, taking "More orders" three times (400 cards). */
async function scrollThrough(page) {
  const since = await pageClock(page);
  // Found by its text: a query by role computes the accessible name of every element on the
  // page, which over hundreds of cards costs the slowed phone seconds of the bench's own tasks.
  const more = page.locator('button', { hasText: /^More orders$/ });
  let loadedMore = 0;
  for (let step = 0; step < 200 && loadedMore < 3; step++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
    if (await more.isVisible()) {
      const listed = page.waitForResponse((response) => response.url().includes('/api/orders/youcan?'));
      await more.click();
      await listed;
      // Every card of the new page is in (the button is enabled again once they all are).
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('button')].some(
            (b) => b.textContent === 'More orders' && !b.disabled,
          ),
        null,
        { polling: 100, timeout: 60_000 },
      );
      loadedMore++;
    }
  }
  const cards = await page.locator('[data-testid="order-card"]').count();
  const { longTasks } = await page.evaluate(() => window.__bench);
  const during = longTasks.filter((task) => task.at >= since).map((task) => Math.round(task.duration));
  return { cards, longTasks: during.length, longestMs: Math.max(0, ...during), durationsMs: during };
}

function durations(interactions) {
  const all = [...interactions].sort((a, b) => a.duration - b.duration);
  const worst = all[all.length - 1];
  return {
    count: all.length,
    medianMs: all.length ? median(all.map((interaction) => interaction.duration)) : 0,
    worstMs: worst?.duration ?? 0,
    worst,
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function report({ loads, filterChanges, statusChanges, scrolling, machineLoad }) {
  console.log('');
  for (const [network, runs] of Object.entries(loads))
    for (const visit of ['cold', 'warm'])
      console.log(
        `first orders on ${network} (${CPU_SLOWDOWN}x CPU), ${visit}: median ${median(runs.map((run) => run[visit].firstRowsMs)).toFixed(0)} ms of ${runs.length} loads; ${kb(median(runs.map((run) => run[visit].bytes.total)))} on the wire before`,
      );
  console.log(
    `filter change: ${filterChanges.count} interactions, INP median ${filterChanges.medianMs.toFixed(0)} ms, worst ${filterChanges.worstMs.toFixed(0)} ms`,
  );
  console.log(
    `status change: ${statusChanges.count} interactions, INP median ${statusChanges.medianMs.toFixed(0)} ms, worst ${statusChanges.worstMs.toFixed(0)} ms`,
  );
  for (const [what, { worst }] of Object.entries({
    'filter change': filterChanges,
    'status change': statusChanges,
  }))
    if (worst)
      console.log(
        `  worst ${what}: ${worst.name}, ${worst.inputDelay.toFixed(0)} ms waiting for the main thread, ${worst.processing.toFixed(0)} ms in handlers, ${(worst.duration - worst.inputDelay - worst.processing).toFixed(0)} ms to the paint`,
      );
  console.log(
    `scrolling to ${scrolling.cards} cards: ${scrolling.longTasks} long tasks (${scrolling.durationsMs.join(', ')} ms), the longest ${scrolling.longestMs.toFixed(0)} ms`,
  );
  console.log(
    `the machine's load (1-minute average) around the interactions: ${machineLoad.before.toFixed(1)}, then ${machineLoad.after.toFixed(1)} (${cpus().length} cores)`,
  );
  const firstRows = median(loads[TARGETS.firstRowsNetwork].map((run) => run.cold.firstRowsMs));
  const checks = [
    [
      `first orders under ${TARGETS.firstRowsMs} ms on ${TARGETS.firstRowsNetwork}`,
      firstRows < TARGETS.firstRowsMs,
    ],
    [`INP of a filter change ≤ ${TARGETS.inpMs} ms`, filterChanges.worstMs <= TARGETS.inpMs],
    [`INP of a status change ≤ ${TARGETS.inpMs} ms`, statusChanges.worstMs <= TARGETS.inpMs],
    [`no long task over ${TARGETS.longTaskMs} ms while scrolling`, scrolling.longestMs <= TARGETS.longTaskMs],
  ];
  console.log('');
  for (const [target, met] of checks) console.log(`${met ? 'met    ' : 'MISSED '} ${target}`);
}

runBench(main, MAX_SECONDS);
