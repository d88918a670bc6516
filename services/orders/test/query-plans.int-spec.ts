import { createMigratedDatabase, type TestDatabase } from '@tawsil/testing';
import { Client } from 'pg';
import {
  cappedCountQuery,
  matchingIdsQuery,
  pageQuery,
  type OrderFilters,
  type SqlQuery,
} from '../src/orders/orders-query.repository';

const STORES = ['6a1f3c2e-0b7d-4e4a-9c1b-1f2e3d4c5b6a', '7b2f3c2e-0b7d-4e4a-9c1b-1f2e3d4c5b6a'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/** The list's queries read orders through its indexes, never by scanning the table. */
describe('Query plans of the orders list', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
    // 60,000 orders over two stores, a year of dates, 58 wilayas, five statuses.
    await client.query(
      `insert into orders.orders (store_id, external_id, ref, order_date, source_updated_at, customer_name,
         customer_phone, region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency, status)
       select ($1::uuid[])[1 + i % 2], 'ext-' || i, lpad(i::text, 6, '0'),
         now() - (i || ' minutes')::interval, now(), 'Client ' || md5(i::text), '0555' || lpad(i::text, 6, '0'),
         'Wilaya ' || (1 + i % 58), 1 + i % 58, 'Commune',
         jsonb_build_array(jsonb_build_object('productName', 'Produit ' || (i % 40), 'quantity', 1, 'price', 1000),
           jsonb_build_object('productName', 'Écouteurs ' || (i % 7), 'quantity', 1, 'price', 500)),
         'Produit ' || (i % 40), 1, 1000, 'DZD',
         (array['pending','confirmé','annulée','pas de réponse','test'])[1 + i % 5]
       from generate_series(1, 60000) as i`,
      [STORES],
    );
    await client.query('analyze orders.orders');
    // 60,000 rows with their indexes: past a minute when the whole-system files beside it load both cores.
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  async function plan({ sql, params }: SqlQuery): Promise<PlanNode> {
    let n = 0;
    const numbered = sql.replace(/\?/g, () => `$${++n}`);
    const { rows } = await client.query(`explain (format json) ${numbered}`, params);
    return (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
  }

  const scans = (root: PlanNode) =>
    nodes(root)
      .filter((node) => node['Relation Name'] === 'orders')
      .map((node) => node['Node Type']);

  it.each<[string, Partial<OrderFilters>]>([
    ['the newest page', {}],
    ['a status and wilaya filter', { status: 'confirmé', wilayaCode: 16 }],
    ['a name search', { q: 'client 4f' }],
    ['an accented product search', { q: 'PRODUÎT 37' }],
    ['a phone search in international form', { q: '+213 555 00 12 34' }],
    ['a date range', { from: new Date(Date.now() - 7 * 86_400_000).toISOString() }],
  ])('reads %s through an index', async (_, narrowing) => {
    const filters = { storeIds: STORES, ...narrowing };
    // Without filters the count comes from the per-store counters, not from a query.
    const counted = Object.keys(narrowing).length ? [cappedCountQuery(filters)] : [];
    for (const query of [pageQuery(filters, undefined, 51), ...counted]) {
      const used = scans(await plan(query));
      expect(used.length).toBeGreaterThan(0);
      expect(used).not.toContain('Seq Scan');
    }
  });

  it.each<[string, Partial<OrderFilters>]>([
    ['every order', {}],
    ['a status', { status: 'confirmé' }],
    ['a search', { q: 'client 4f' }],
  ])('finds the ids of %s for a bulk action through an index', async (_, narrowing) => {
    const used = scans(await plan(matchingIdsQuery({ storeIds: STORES, ...narrowing }, 10_000)));
    expect(used.length).toBeGreaterThan(0);
    expect(used).not.toContain('Seq Scan');
  });

  it('reads a deep page from the cursor, not by skipping rows', async () => {
    const used = scans(
      await plan(
        pageQuery(
          { storeIds: STORES },
          { orderDate: new Date(Date.now() - 40_000 * 60_000).toISOString(), id: STORES[0] },
          51,
        ),
      ),
    );
    expect(used).not.toContain('Seq Scan');
  });
});
