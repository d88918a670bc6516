// `npm start`'s demo: an owner with a YouCan sandbox store full of orders, an agent working on it
// and two carrier accounts on the sandboxes (ZR Express and Yalidine, the latter with its webhook),
// so that the whole flow can be tried at once. Made once: a
// later start finds the owner's store and leaves everything as it is.
const { URLSearchParams } = require('node:url');

const DEMO_PASSWORD = 'tawsil-demo';
const DEMO_OWNER = { name: 'Amina Benali', email: 'demo@tawsil.dz' };
const DEMO_AGENT = { name: 'Yacine Haddad', email: 'agent@tawsil.dz' };
const DEMO_STORE = 'boutique-amina';
const DEMO_ORDERS = 40;

async function call(url, options = {}) {
  const response = await fetch(url, {
    ...options,
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  const body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return {
    status: response.status,
    body,
    location: response.headers.get('location'),
    cookies: response.headers.getSetCookie().map((line) => line.split(';')[0]),
  };
}

/** Signs the user in, registering it the first time. */
async function signIn(gateway, user, isConfirmateur) {
  const credentials = { email: user.email, password: DEMO_PASSWORD };
  const login = await call(`${gateway}/api/users/login`, { method: 'POST', body: credentials });
  if (login.status === 200) return login.body.token;
  const registered = await call(`${gateway}/api/users/register`, {
    method: 'POST',
    body: { ...credentials, name: user.name, isConfirmateur },
  });
  if (registered.status !== 201)
    throw new Error(`registering ${user.email}: ${JSON.stringify(registered.body)}`);
  return registered.body.token;
}

/**
 * YouCan's OAuth as a browser goes through it: the sandbox's consent page, then the callback with
 * the store-link cookie init set (docs/security.md, Store linking).
 */
async function linkSandboxStore(gateway, token) {
  const init = await call(`${gateway}/api/stores/youcan/init?storename=${DEMO_STORE}`, {
    method: 'POST',
    token,
  });
  if (init.status !== 200) throw new Error(`linking the demo store: ${JSON.stringify(init.body)}`);
  const authUrl = new URL(init.body.authUrl);
  const form = new URLSearchParams({
    ...Object.fromEntries(
      ['client_id', 'redirect_uri', 'state', 'storename', 'code_challenge', 'code_challenge_method'].map(
        (name) => [name, authUrl.searchParams.get(name) ?? ''],
      ),
    ),
    response_type: 'code',
    decision: 'authorize',
  });
  const authorized = await fetch(new URL('/admin/oauth/authorize', authUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const cookie = init.cookies.find((line) => line.startsWith('tawsil_store_link='));
  const callback = await call(authorized.headers.get('location'), { cookie });
  if (!callback.location?.includes(`linked=${DEMO_STORE}`))
    throw new Error(`linking the demo store: ${callback.location}`);
  const stores = await call(`${gateway}/api/stores/youcan`, { token });
  return stores.body.find((store) => store.name === DEMO_STORE)._id;
}

/** The agent joins the store as people do: invited by the owner, accepting the mailed link. */
async function inviteAgent(gateway, mailSandbox, storeId, ownerToken, agentToken) {
  const invited = await call(`${gateway}/api/confirmateur/${storeId}`, {
    method: 'POST',
    token: ownerToken,
    body: { email: DEMO_AGENT.email },
  });
  if (invited.status !== 202) throw new Error(`inviting the demo agent: ${JSON.stringify(invited.body)}`);
  for (let tries = 0; tries < 50; tries++) {
    const { body: mails } = await call(`${mailSandbox}/messages?to=${encodeURIComponent(DEMO_AGENT.email)}`);
    const link =
      Array.isArray(mails) && mails[0]?.links.find((candidate) => candidate.includes('/invitations/'));
    if (link) {
      const token = link.split('/').pop();
      const accepted = await call(`${gateway}/api/invitations/accept`, {
        method: 'POST',
        token: agentToken,
        body: { token },
      });
      if (accepted.status !== 200)
        throw new Error(`accepting the demo invitation: ${JSON.stringify(accepted.body)}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the demo invitation did not reach the mail sandbox');
}

/**
 * A Yalidine account leaving from Alger, with the webhook the owner would register in Yalidine's
 * dashboard (the sandbox's stand-in for it) and its secret pasted, so statuses arrive pushed.
 */
async function addYalidineAccount(gateway, yalidineSandbox, ownerToken) {
  const { body: yalidine } = await call(`${yalidineSandbox}/_sandbox/credentials`);
  const account = await call(`${gateway}/api/delivery/account`, {
    method: 'POST',
    token: ownerToken,
    body: {
      company: 'yalidine',
      storeName: 'Boutique Amina',
      apiKey: yalidine.apiId,
      apiSecret: yalidine.apiToken,
      fromWilaya: 16,
    },
  });
  if (account.status !== 201)
    throw new Error(`adding the demo Yalidine account: ${JSON.stringify(account.body)}`);
  const accountId = account.body.account._id;
  const webhook = await call(`${yalidineSandbox}/_sandbox/webhooks`, {
    method: 'POST',
    body: { url: `${gateway}/api/webhooks/yalidine/${accountId}` },
  });
  if (webhook.status !== 201)
    throw new Error(`registering the demo Yalidine webhook: ${JSON.stringify(webhook.body)}`);
  const secret = await call(`${gateway}/api/delivery/account/${accountId}/webhook-secret`, {
    method: 'PUT',
    token: ownerToken,
    body: { webhookSecret: webhook.body.secret },
  });
  if (secret.status !== 200)
    throw new Error(`setting the demo Yalidine webhook secret: ${JSON.stringify(secret.body)}`);
}

/** Makes the demo when it is not there yet; answers the lines to print. */
async function seedDemo({ gateway, youcanSandbox, zrSandbox, yalidineSandbox, mailSandbox }) {
  const ownerToken = await signIn(gateway, DEMO_OWNER, false);
  const agentToken = await signIn(gateway, DEMO_AGENT, true);
  const stores = await call(`${gateway}/api/stores/youcan`, { token: ownerToken });
  if (stores.body.length === 0) {
    const storeId = await linkSandboxStore(gateway, ownerToken);
    await call(`${youcanSandbox}/_sandbox/stores/${DEMO_STORE}/orders`, {
      method: 'POST',
      body: { count: DEMO_ORDERS },
    });
    await inviteAgent(gateway, mailSandbox, storeId, ownerToken, agentToken);
    const { body: zr } = await call(`${zrSandbox}/_sandbox/credentials`);
    const account = await call(`${gateway}/api/delivery/account`, {
      method: 'POST',
      token: ownerToken,
      body: { company: 'zrexpress', storeName: 'Boutique Amina', apiKey: zr.key, apiSecret: zr.token },
    });
    if (account.status !== 201)
      throw new Error(`adding the demo ZR account: ${JSON.stringify(account.body)}`);
    await addYalidineAccount(gateway, yalidineSandbox, ownerToken);
  }
  return [
    `  Demo owner      ${DEMO_OWNER.email} / ${DEMO_PASSWORD}`,
    `  Demo agent      ${DEMO_AGENT.email} / ${DEMO_PASSWORD}`,
  ];
}

module.exports = { seedDemo, DEMO_OWNER, DEMO_AGENT, DEMO_PASSWORD };
