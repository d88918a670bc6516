// The data a bench needs, put straight into the system's PostgreSQL where the API would take too
// long (stores linked, orders imported), and through the gateway where the API is what is measured.
const { randomUUID } = require('node:crypto');
const { setTimeout: sleep } = require('node:timers/promises');

const PASSWORD = 'souk-el-fellah';

/** A registered owner with one linked store: `{ id, token, store }`. */
async function ownerWithStore(system, db, { name, email, storeName }) {
  const answer = await system.request('POST', '/api/users/register', { name, email, password: PASSWORD });
  if (answer.status !== 201) throw new Error(`registering ${email}: ${answer.status}`);
  const owner = { id: answer.body._id, token: answer.body.token, store: randomUUID() };
  await insertStore(db, { id: owner.store, ownerId: owner.id, name: storeName });
  return owner;
}

/**
 * A linked store, with what orders and delivery/zr keep of it (docs/store-access.md), as the
 * store-linked event would have left it.
 */
async function insertStore(db, { id, ownerId, name }) {
  await db.query(
    `insert into stores_youcan.stores (id, owner_id, name, youcan_store_id, access_token, token_expires_at, sync_state)
     values ($1, $2, $3, $4, 'v1:x:x', now() + interval '1 year', 'synced')`,
    [id, ownerId, name, `youcan-${name}`],
  );
  await db.query('insert into orders.store_owners (store_id, owner_id) values ($1, $2)', [id, ownerId]);
  await db.query('insert into delivery_zr.store_owners (store_id, owner_id) values ($1, $2)', [id, ownerId]);
}

/** A ZR Express account of the owner's, with the sandbox's credentials (checked by the sandbox). */
async function addZrAccount(system, owner, storeName) {
  const credentials = await (await fetch(`${system.zrSandboxUrl}/_sandbox/credentials`)).json();
  const added = await system.request(
    'POST',
    '/api/delivery/account',
    { company: 'zrexpress', storeName, apiKey: credentials.key, apiSecret: credentials.token },
    owner.token,
  );
  if (added.status !== 201) throw new Error(`adding a ZR account: ${added.status}`);
  return added.body.account;
}

/**
 * `count` orders in the owner's store, numbered from `first`: confirmed, with a home delivery in
 * Alger on the account when one is given, pending otherwise. Answers their ids.
 */
async function insertOrders(db, owner, { first = 1, count, account }) {
  const { rows } = await db.query(
    `insert into orders.orders (store_id, external_id, ref, order_date, source_updated_at, customer_name,
       customer_phone, region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency,
       status, delivery)
     select $1::uuid, 'ext-' || i, lpad(i::text, 7, '0'), now() - (i || ' minutes')::interval, now(),
       'Client ' || i, '0555' || lpad((i % 1000000)::text, 6, '0'), 'Alger', 16, 'Bab Ezzouar',
       jsonb_build_array(jsonb_build_object('productName', 'Produit', 'quantity', 1, 'price', 2500)),
       'Produit', 1, 2500, 'DZD', case when $2::text is null then 'pending' else 'confirmé' end,
       case when $2::text is null then null else jsonb_build_object('deliveryAccount', jsonb_build_object(
         '_id', $2::text, 'company', 'zrexpress', 'storeName', $3::text), 'wilaya', '16', 'isStopDesk', false,
         'commune', 'Bab Ezzouar') end
     from generate_series($4::int, $4::int + $5::int - 1) as i
     returning id`,
    [owner.store, account?._id ?? null, account?.storeName ?? null, first, count],
  );
  await db.query(
    `insert into orders.store_order_counts (store_id, orders) values ($1, $2)
     on conflict (store_id) do update set orders = orders.store_order_counts.orders + excluded.orders`,
    [owner.store, count],
  );
  return rows.map((row) => row.id);
}

async function setZrSandbox(system, settings) {
  await fetch(`${system.zrSandboxUrl}/_sandbox/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
}

/** Sends the orders to saisie in requests of `perRequest`; answers the job ids. */
async function startSaisies(system, owner, orderIds, perRequest) {
  const jobIds = [];
  for (let start = 0; start < orderIds.length; start += perRequest) {
    const answer = await system.request(
      'POST',
      '/api/ZR/saisie',
      { orderIds: orderIds.slice(start, start + perRequest) },
      owner.token,
    );
    if (answer.status !== 202) throw new Error(`saisie answered ${answer.status}`);
    jobIds.push(answer.body.jobId);
  }
  return jobIds;
}

/** Polls every job until it ends; answers the final views by job id. */
async function saisiesFinished(system, owner, jobIds) {
  const views = new Map();
  while (views.size < jobIds.length) {
    for (const jobId of jobIds) {
      if (views.has(jobId)) continue;
      const view = (await system.request('GET', `/api/ZR/saisie/${jobId}`, undefined, owner.token)).body;
      if (view.state === 'completed' || view.state === 'failed') views.set(jobId, view);
    }
    await sleep(250);
  }
  return views;
}

/** How many parcels the ZR sandbox holds for each external id (the order's id). */
async function parcelsPerOrder(system) {
  const parcels = await (await fetch(`${system.zrSandboxUrl}/_sandbox/parcels`)).json();
  const counts = new Map();
  for (const parcel of parcels) counts.set(parcel.id_Externe, (counts.get(parcel.id_Externe) ?? 0) + 1);
  return counts;
}

module.exports = {
  ownerWithStore,
  insertStore,
  addZrAccount,
  insertOrders,
  setZrSandbox,
  startSaisies,
  saisiesFinished,
  parcelsPerOrder,
};
