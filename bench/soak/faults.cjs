// The faults of a soak run and when they come, scaled to its length: a process killed with SIGKILL
// and started again about once a minute (at least three), Redis and PostgreSQL "restarted" once each
// (their proxy cut, every connection dropped and new ones refused, then restored), and the network
// to the carrier gone for a minute (a tenth of the run for short runs, at least 10 s).
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const { killable } = require('./system.cjs');

/** How long Redis and PostgreSQL stay away: a restart's time, within YouCan's webhook retries. */
const RESTART_MS = 5_000;
/** YouCan's webhook retries end this long after the first try (the sandbox's 1 + 2 + 4 + 8 + 16 s). */
const YOUCAN_RETRIES_MS = 31_000;

/** The faults of a run of `minutes`, each `{ at, kind, forMs? }` (ms from the start), in order. */
function faultSchedule(minutes) {
  const length = minutes * 60_000;
  const kills = Math.max(3, Math.round(minutes));
  const events = Array.from({ length: kills }, (_, i) => ({
    at: (length * (i + 0.5)) / kills,
    kind: 'kill',
  }));
  events.push(
    { at: length * 0.25, kind: 'carrier', forMs: Math.min(60_000, Math.max(10_000, length / 10)) },
    { at: length * 0.4, kind: 'redis', forMs: RESTART_MS },
    { at: length * 0.7, kind: 'postgres', forMs: RESTART_MS },
  );
  return events.sort((a, b) => a.at - b.at);
}

/**
 * Plays the schedule one fault after the other (a fault late behind a slow restart comes late);
 * answers what was done: `{ at, kind, target?, tookMs }`, at and tookMs in ms.
 */
async function playFaults(soak, schedule, { startedAt, log, killGateway = true }) {
  const { system, proxies } = soak;
  const done = [];
  const pending = [];
  const now = () => performance.now() - startedAt;
  for (const event of schedule) {
    if (event.at > now()) await sleep(event.at - now());
    const at = now();
    if (event.kind === 'kill') {
      const candidates = killable(system, { gateway: killGateway });
      const victim = candidates[Math.floor(Math.random() * candidates.length)];
      await victim.kill();
      const restarted = performance.now();
      await soak.restart(victim.name);
      const tookMs = performance.now() - restarted;
      log(`${seconds(at)} killed ${victim.name} (SIGKILL), ready again in ${seconds(tookMs)}`);
      if (victim.name === 'gateway' && tookMs > YOUCAN_RETRIES_MS)
        log('  longer than YouCan retries a webhook (31 s): orders it announced meanwhile may be lost');
      done.push({ at, kind: 'kill', target: victim.name, tookMs });
    } else if (event.kind === 'carrier') {
      // Not waited for: the load and the other faults go on while the carrier is unreachable.
      await proxies.carrier.cut();
      log(`${seconds(at)} network to the carrier cut for ${seconds(event.forMs)}`);
      pending.push(
        sleep(event.forMs).then(async () => {
          await proxies.carrier.restore();
          log(`${seconds(now())} network to the carrier back`);
        }),
      );
      done.push({ at, kind: 'carrier', tookMs: event.forMs });
    } else {
      await proxies[event.kind].cut();
      await sleep(event.forMs);
      await proxies[event.kind].restore();
      log(
        `${seconds(at)} ${event.kind === 'redis' ? 'Redis' : 'PostgreSQL'} away for ${seconds(event.forMs)}`,
      );
      done.push({ at, kind: event.kind, tookMs: event.forMs });
    }
  }
  await Promise.all(pending);
  return done;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

module.exports = { faultSchedule, playFaults, seconds };
