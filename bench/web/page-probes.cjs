/* global window, document, localStorage, performance, MutationObserver, PerformanceObserver -- these run in the page */
// What the bench watches from inside the page, installed before any of the app's scripts run:
// when the first order shows, each interaction's longest event (Event Timing, as INP counts it),
// and every long task. Read back with `page.evaluate(() => window.__bench)`.

/** Runs in the page (Playwright's addInitScript), with the signed-in user to keep in storage. */
function installProbes(storedUser) {
  // As a sign-in in this browser leaves it: who is signed in, without the token (the cookie renews it).
  localStorage.setItem('tawsil.user', storedUser);
  const bench = { firstRowsAt: undefined, interactions: {}, longTasks: [] };
  window.__bench = bench;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="order-card"], [data-testid="order-row"]')) {
      bench.firstRowsAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const seen = bench.interactions[entry.interactionId];
      if (!seen || entry.duration > seen.duration)
        bench.interactions[entry.interactionId] = {
          name: entry.name,
          duration: entry.duration,
          at: entry.startTime,
          // Where the time went: waiting for the main thread, the app's handlers, then until the paint.
          inputDelay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
        };
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.longTasks.push({ at: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The interactions whose events started after `since` (ms on the page's clock), longest event each. */
async function interactionsSince(page, since) {
  const { interactions } = await page.evaluate(() => window.__bench);
  return Object.values(interactions).filter((interaction) => interaction.at >= since);
}

async function pageClock(page) {
  return page.evaluate(() => performance.now());
}

module.exports = { installProbes, interactionsSince, pageClock };
