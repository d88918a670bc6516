// The system the soak runs on: every service and its worker as processes of their own, their
// PostgreSQL and Redis connections through proxies the faults cut, and delivery/zr reaching the ZR
// sandbox through a third proxy (the carrier's network). Restarts a process as an orchestrator would.
const { setTimeout: sleep } = require('node:timers/promises');

const SERVICES = ['identity', 'orders', 'stores-youcan'];
const RESTART_TRIES = 3;

/** `{ system, proxies: { postgres, redis, carrier }, restart(process), stop() }`. */
async function startSoakSystem() {
  const { TcpProxy, TestSystem, testPostgresServer, testRedisServer } = require('@tawsil/testing');
  const postgres = await TcpProxy.for(await testPostgresServer());
  const redis = await TcpProxy.for(await testRedisServer());
  let carrier;
  let system;
  try {
    system = await TestSystem.start({
      services: SERVICES,
      youcanSandbox: true,
      zrSandbox: true,
      separateWorkers: true,
      // A 20-minute run keeps every log line in memory: warnings and errors only.
      env: { LOG_LEVEL: 'warn' },
      databaseUrlFor: (url) => postgres.url(url),
      redisUrlFor: (url) => redis.url(url),
    });
    // delivery/zr starts once the sandbox's address is known, to reach it through the proxy.
    carrier = await TcpProxy.for(system.zrSandboxUrl);
    const base = carrier.url(system.zrSandboxUrl).replace(/\/$/, '');
    const carrierEnv = { ZR_API_URL: `${base}/api_v1`, ZR_CURRENT_API_URL: `${base}/api/v1` };
    const extraEnv = (name) => (name.startsWith('delivery-zr') ? carrierEnv : {});
    await Promise.all([
      system.startService('delivery-zr', carrierEnv),
      system.startService('delivery-zr-worker', carrierEnv),
    ]);
    return {
      system,
      proxies: { postgres, redis, carrier },
      /** Starts the process again under the same name (the gateway on its own port), until ready. */
      async restart(name) {
        let lastError;
        for (let attempt = 1; attempt <= RESTART_TRIES; attempt++) {
          // The gateway's address is known to YouCan: a new gateway takes the port of the one gone.
          if (name === 'gateway') removeStopped(system, 'gateway');
          try {
            return await system.startService(name, extraEnv(name));
          } catch (error) {
            lastError = error;
            await Promise.all(system.instances(name).map((instance) => instance.kill()));
            await sleep(1000);
          }
        }
        throw new Error(`${name} did not start again after ${RESTART_TRIES} tries: ${lastError?.message}`);
      },
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

/** Forgets a process that no longer runs, so that the next instance of its name is the first. */
function removeStopped(system, name) {
  for (let i = system.processes.length - 1; i >= 0; i--) {
    const process = system.processes[i];
    if (process.name === name && !process.running) system.processes.splice(i, 1);
  }
}

/** The processes a fault may kill: every service, worker and the gateway, not the sandboxes. */
const killable = (system) =>
  system.processes.filter((process) => process.running && !process.name.startsWith('sandbox-'));

module.exports = { startSoakSystem, killable };
