// What the soak works on, made the way people make it: an owner who links a YouCan store (the
// sandbox's consent), invites agents by mail, and adds a ZR Express account; and the calls with
// which agents and the owner act, each retried with its Idempotency-Key until it is answered.
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');

const SLUG = 'soak';
/** The delivery every confirmed order gets: home delivery in Alger. */
const HOME_ALGER = { wilaya: '16', isStopDesk: false, commune: 'Bab Ezzouar' };

async function makeWorld(system, agentCount) {
  const { addConfirmateur, addZrAccount, linkStore, registerUser } = require('@tawsil/testing');
  const owner = await registerUser(system, 'Soak Owner');
  const storeId = await linkStore(system, owner, SLUG);
  const agents = [];
  for (let i = 0; i < agentCount; i++) {
    const agent = await registerUser(system, `Soak Agent ${i + 1}`, true);
    await addConfirmateur(system, owner, storeId, agent);
    agents.push(agent);
  }
  const account = await addZrAccount(system, owner, 'Soak');
  // An answer lost with a killed gateway leaves its order claimed: claims end after a minute.
  const settings = await system.request(
    'PUT',
    `/api/orders/settings/${storeId}`,
    { claimMinutes: 1 },
    owner.token,
  );
  if (settings.status !== 200) throw new Error(`store settings answered ${settings.status}`);
  return { owner, storeId, agents, account, slug: SLUG };
}

/**
 * A call as a careful client makes it: one Idempotency-Key for the action, sent again on a network
 * error, a 5xx or a 429 until an answer comes or `giveUpMs` passes. Answers the last answer (status
 * 0: no answer at all) and how long it took.
 */
async function act(system, user, method, path, body, { giveUpMs = 120_000 } = {}) {
  const key = randomUUID();
  const started = performance.now();
  let answer = { status: 0, body: undefined };
  let tries = 0;
  while (performance.now() - started < giveUpMs) {
    tries++;
    try {
      answer = await system.request(method, path, body, user.token, { 'idempotency-key': key });
    } catch (error) {
      answer = { status: 0, body: String(error) };
    }
    if (answer.status !== 0 && answer.status !== 429 && answer.status < 500) break;
    await sleep(Math.min(2000, 250 * tries));
  }
  return { ...answer, key, tries, ms: performance.now() - started };
}

/** Calls the YouCan sandbox's control API; answers its JSON, or throws. */
async function youcan(system, method, path, body) {
  const response = await fetch(`${system.youcanSandboxUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`YouCan sandbox ${path}: ${response.status}`);
  return response.json();
}

/** The ZR sandbox's parcels (its control API, not through the carrier's proxy). */
async function zrParcels(system) {
  const response = await fetch(`${system.zrSandboxUrl}/_sandbox/parcels`);
  if (!response.ok) throw new Error(`ZR sandbox parcels: ${response.status}`);
  return response.json();
}

module.exports = { makeWorld, act, youcan, zrParcels, HOME_ALGER };
