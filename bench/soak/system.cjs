// The system the soak runs on: every service and its worker as processes of their own, their
// PostgreSQL and Redis connections through proxies the faults cut, and delivery/zr reaching the ZR
// sandbox through a third proxy (the carrier's network). Restarts a process as an orchestrator would.
const { setTimeout: sleep } = require('node:timers/promises');

const RESTART_TRIES = 3;

/** `{ system, proxies: { postgres, redis, carrier }, restart(name), stop() }`. */
async function startSoakSystem() {
  const { TcpProxy, TestSystem, testPostgresServer, testRedisServer } = require('@tawsil/testing');
  const postgres = await TcpProxy.for(await testPostgresServer());
  const redis = await TcpProxy.for(await testRedisServer());
  let carrier;
  let system;
  try {
    // Identity, the gateway and the sandboxes first, the rest two at a time: a dozen processes
    // loading at once on a loaded two-core machine outlast the 45 s each may take to be ready.
    system = await retried(RESTART_TRIES, () =>
      TestSystem.start({
        services: ['identity'],
        youcanSandbox: true,
        zrSandbox: true,
        separateWorkers: true,
        // A 20-minute run keeps every log line in memory: warnings and errors only.
        env: { LOG_LEVEL: 'warn' },
        databaseUrlFor: (url) => postgres.url(url),
        redisUrlFor: (url) => redis.url(url),
      }),
    );
    // delivery/zr starts once the sandbox's address is known, to reach it through the proxy.
    carrier = await TcpProxy.for(system.zrSandboxUrl);
    const base = carrier.url(system.zrSandboxUrl).replace(/\/$/, '');
    const carrierEnv = { ZR_API_URL: `${base}/api_v1`, ZR_CURRENT_API_URL: `${base}/api/v1` };
    const extraEnv = (name) => (name.startsWith('delivery-zr') ? carrierEnv : {});

    /** Starts the process (again) under its name, the gateway on its own port, until it is ready. */
    const start = (name) =>
      retried(RESTART_TRIES, async () => {
        // The gateway's address is known to YouCan: a new gateway takes the port of the one gone.
        if (name === 'gateway') removeStopped(system, 'gateway');
        try {
          return await system.startService(name, extraEnv(name));
        } catch (error) {
          await Promise.all(system.instances(name).map((instance) => instance.kill()));
          throw error;
        }
      });
    for (const pair of [
      ['orders', 'stores-youcan'],
      ['delivery-zr', 'orders-worker'],
      ['stores-youcan-worker', 'delivery-zr-worker'],
    ])
      await Promise.all(pair.map(start));
    return {
      system,
      proxies: { postgres, redis, carrier },
      restart: start,
      async stop() {
        await system.stop();
        await Promise.all([postgres.cut(), redis.cut(), carrier.cut()]);
      },
    };
  } catch (error) {
    await system?.stop();
    await Promise.all([postgres.cut(), redis.cut(), carrier?.cut()]);
    throw error;
  }
}

/** Tries again, a second apart, until it works or `tries` have failed. */
async function retried(tries, attempt) {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= tries) throw error;
      await sleep(1000);
    }
  }
}

/** Forgets a process that no longer runs, so that the next instance of its name is the first. */
function removeStopped(system, name) {
  for (let i = system.processes.length - 1; i >= 0; i--) {
    const process = system.processes[i];
    if (process.name === name && !process.running) system.processes.splice(i, 1);
  }
}

/** The processes a fault may kill: every service and worker, the gateway unless told not to, not the sandboxes. */
const killable = (system, { gateway = true } = {}) =>
  system.processes.filter(
    (process) =>
      process.running && !process.name.startsWith('sandbox-') && (gateway || process.name !== 'gateway'),
  );

module.exports = { startSoakSystem, killable };
