import { createMigratedDatabase, type TestDatabase } from '@tawsil/testing';
import { Client } from 'pg';
import { normalizeStoredPhones } from '../migrations/Migration20261126100000_customers';

const STORE = '6a1f3c2e-0b7d-4e4a-9c1b-1f2e3d4c5b6a';

/** The migration's rewrite of phones stored before normalisation, on real PostgreSQL. */
describe('Phones stored before normalisation', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createMigratedDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  const execute = async (sql: string, params: unknown[] = []) => {
    let n = 0;
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows;
  };

  it('are rewritten as 0XXXXXXXXX, findable by phone and searchable, and the rest left as typed', async () => {
    const typed = ['+213 555 12 34 56', '00213-661-00-00-00', '0770 11 22 33', '0555123457', 'pas de numéro'];
    // Written straight into the table, as orders imported before normalisation were.
    await client.query(
      `insert into orders.orders (store_id, external_id, ref, order_date, source_updated_at, customer_name,
         customer_phone, region_raw, wilaya_code, city, items, first_product_name, quantity, total, currency)
       select $1, 'ext-' || i, 'R' || i, now(), now(), 'Client', phone, 'Alger', 16, 'Kouba', '[]', '', 1, 100, 'DZD'
       from unnest($2::text[]) with ordinality as t(phone, i)`,
      [STORE, typed],
    );

    await normalizeStoredPhones(execute);

    const { rows } = await client.query(
      `select customer_phone as phone, phone_key as key, search_text like '%' || phone_key || '%' as searchable
       from orders.orders order by ref`,
    );
    expect(rows).toEqual([
      { phone: '0555123456', key: '0555123456', searchable: true },
      { phone: '0661000000', key: '0661000000', searchable: true },
      { phone: '0770112233', key: '0770112233', searchable: true },
      { phone: '0555123457', key: '0555123457', searchable: true },
      { phone: 'pas de numéro', key: null, searchable: null },
    ]);
  });
});
