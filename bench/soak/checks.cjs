// What must hold after the faults, read from what the user sees (the API, the carrier's parcels)
// and from PostgreSQL itself. Each check answers `{ name, ok, detail }`.
const { zrParcels } = require('./world.cjs');

const sample = (list) => JSON.stringify(list.slice(0, 5));

/** `views`: the final saisie report of each job, by job id. */
async function runChecks({ system, db, world, tally, views }) {
  const checks = [];
  const check = (name, failures, detail) =>
    checks.push({
      name,
      ok: failures.length === 0,
      detail: failures.length ? `${detail}: ${sample(failures)}` : '',
    });

  const { rows: orders } = await db.query(
    'select id, external_id, status from orders.orders where store_id = $1',
    [world.storeId],
  );
  const rowsByExternal = new Map();
  for (const order of orders)
    rowsByExternal.set(order.external_id, (rowsByExternal.get(order.external_id) ?? 0) + 1);
  const created = new Set(tally.created);
  const lost = tally.created.filter((id) => !rowsByExternal.has(id));
  check('no order lost', lost, `${lost.length} of ${created.size} orders YouCan announced are not in orders`);
  const duplicated = [...rowsByExternal].filter(([id, count]) => count > 1 || !created.has(id));
  check(
    'no order duplicated',
    duplicated,
    `${duplicated.length} YouCan orders are twice in orders, or unknown`,
  );

  const perOrder = new Map();
  for (const parcel of await zrParcels(system))
    perOrder.set(parcel.id_Externe, (perOrder.get(parcel.id_Externe) ?? 0) + 1);
  const twice = [...perOrder].filter(([, count]) => count > 1);
  check('no parcel sent twice', twice, `${twice.length} orders are more than one parcel at the carrier`);
  const sent = [...views.values()].flatMap((view) => view.successfullOrders);
  const notAtCarrier = sent.filter((id) => perOrder.get(id) !== 1);
  check(
    'every order sent is a parcel',
    notAtCarrier,
    `${notAtCarrier.length} orders reported sent are not one parcel`,
  );

  const unended = [...tally.jobs.keys()].filter(
    (jobId) => !['completed', 'failed'].includes(views.get(jobId)?.state),
  );
  const silent = [...views.values()].flatMap((view) => view.failedOrders.filter((failed) => !failed.reason));
  check(
    'every saisie job finished or visibly failed',
    [...unended, ...silent],
    'jobs still running, or failures without a reason',
  );

  const { rows: notes } = await db.query(
    `select message, count(*)::int as n from orders.order_notes n join orders.orders o on o.id = n.order_id
     where o.store_id = $1 group by message having count(*) > 1`,
    [world.storeId],
  );
  const { rows: confirmedTwice } = await db.query(
    `select h.order_id, count(*)::int as n from orders.order_history h join orders.orders o on o.id = h.order_id
     where o.store_id = $1 and h.changes like '%→ "confirmé"%' group by h.order_id having count(*) > 1`,
    [world.storeId],
  );
  const { rows: counted } = await db.query(
    'select orders from orders.store_order_counts where store_id = $1',
    [world.storeId],
  );
  const countDrift =
    Number(counted[0]?.orders ?? 0) === orders.length
      ? []
      : [{ counted: counted[0]?.orders, orders: orders.length }];
  check(
    'no write applied twice',
    [...notes, ...confirmedTwice, ...countDrift, ...tally.keysWithTwoJobs],
    'a note or a confirmation recorded twice, the store count off, or a repeated saisie starting a new job',
  );
  return checks;
}

module.exports = { runChecks };
