// The carrier APIs bench/saisie can run against (BENCH_CARRIER): how to add an account with the
// sandbox's credentials, set the sandbox's latency, and count the parcels it holds per order.
const { addZrAccount, parcelsPerOrder, setZrSandbox } = require('../lib/world.cjs');

const post = (url, body) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function addAccount(system, owner, storeName, credentials) {
  const added = await system.request(
    'POST',
    '/api/delivery/account',
    { company: 'zrexpress', storeName, ...credentials },
    owner.token,
  );
  if (added.status !== 201) throw new Error(`adding a delivery account: ${added.status}`);
  return added.body.account;
}

const CARRIERS = {
  procolis: {
    addAccount: addZrAccount,
    setLatency: (system, latencyMs) => setZrSandbox(system, { latencyMs }),
    parcelsPerOrder,
  },
  // ZR Express's current API: parcels carry our tracking as externalId, one per order.
  'zr-current': {
    addAccount: async (system, owner, storeName) => {
      const { apiKey, tenantId } = await (
        await fetch(`${system.zrSandboxUrl}/_sandbox/v1/credentials`)
      ).json();
      return addAccount(system, owner, storeName, { apiKey, tenantId });
    },
    setLatency: (system, latencyMs) => post(`${system.zrSandboxUrl}/_sandbox/v1/settings`, { latencyMs }),
    parcelsPerOrder: async (system) => {
      const parcels = await (await fetch(`${system.zrSandboxUrl}/_sandbox/v1/parcels`)).json();
      const counts = new Map();
      for (const parcel of parcels) counts.set(parcel.externalId, (counts.get(parcel.externalId) ?? 0) + 1);
      return counts;
    },
  },
};

// Yalidine: parcels carry our tracking as order_id. Its quotas (5 calls a second, 50 a minute by
// default) bound the throughput before the latency does; the sandbox keeps Yalidine's defaults.
const YALIDINE_QUOTA = { perSecond: 5, perMinute: 50 };
CARRIERS.yalidine = {
  system: { yalidineSandbox: true },
  env: (batch) => ({ YALIDINE_BATCH_SIZE: String(batch), YALIDINE_TIMEOUT_MS: '10000' }),
  addAccount: async (system, owner, storeName) => {
    const { apiId, apiToken } = await (
      await fetch(`${system.yalidineSandboxUrl}/_sandbox/credentials`)
    ).json();
    const added = await system.request(
      'POST',
      '/api/delivery/account',
      { company: 'yalidine', storeName, apiKey: apiId, apiSecret: apiToken, fromWilaya: 16 },
      owner.token,
    );
    if (added.status !== 201) throw new Error(`adding a Yalidine account: ${added.status}`);
    return added.body.account;
  },
  setLatency: (system, latencyMs) => post(`${system.yalidineSandboxUrl}/_sandbox/settings`, { latencyMs }),
  parcelsPerOrder: async (system) => {
    const parcels = await (await fetch(`${system.yalidineSandboxUrl}/_sandbox/parcels`)).json();
    const counts = new Map();
    for (const parcel of parcels) counts.set(parcel.order_id, (counts.get(parcel.order_id) ?? 0) + 1);
    return counts;
  },
  // One account: its creation calls share its quota, whatever the number of jobs. The shortest time
  // for them: the latency's, a second per 5 calls, and a minute for each 50 after the first 50.
  bound: (latencyBound, batch, total) => {
    const calls = Math.ceil(total / batch);
    const seconds = Math.max(
      total / latencyBound,
      (calls - 1) / YALIDINE_QUOTA.perSecond,
      Math.floor((calls - 1) / YALIDINE_QUOTA.perMinute) * 60,
    );
    return total / seconds;
  },
};

function carrierFor(name) {
  const carrier = CARRIERS[name];
  if (!carrier) throw new Error(`BENCH_CARRIER must be one of ${Object.keys(CARRIERS).join(', ')}`);
  return carrier;
}

module.exports = { carrierFor, CARRIER_NAMES: Object.keys(CARRIERS) };
