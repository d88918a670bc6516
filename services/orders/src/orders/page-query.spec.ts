import { pageQuery, type OrderFilters } from './orders-query.repository';

const STORES = ['7d1b9c1e-2f49-4d8e-9a43-3c5e2f0b6a11', '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d'];
const CURSOR = { orderDate: '2026-11-20T08:15:30.000Z', id: '0f8fad5b-d9cb-469f-a165-70867728950e' };

const placeholders = (sql: string) => sql.match(/\?/g)?.length ?? 0;

describe('The query of one page of orders', () => {
  it('binds one value per placeholder, whatever the filters', () => {
    const everything: OrderFilters = {
      storeIds: STORES,
      q: 'Karim',
      status: 'confirmé',
      wilayaCode: 16,
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-30T23:59:59Z',
    };
    for (const filters of [{ storeIds: STORES }, everything])
      for (const cursor of [undefined, CURSOR])
        for (const withHistory of [false, true]) {
          const { sql, params } = pageQuery(filters, cursor, 50, withHistory);
          expect(placeholders(sql)).toBe(params.length);
        }
  });

  it('reads only the caller’s stores, newest first, at most one page', () => {
    const { sql, params } = pageQuery({ storeIds: STORES }, undefined, 25);
    expect(params).toEqual([JSON.stringify(STORES), 25, 25]);
    expect(sql).toContain('order by page."orderDate" desc, page.id desc');
  });

  it('starts the next page strictly after the cursor’s order, after the filters', () => {
    const { sql, params } = pageQuery({ storeIds: STORES, status: 'confirmé' }, CURSOR, 25);
    expect(sql).toContain('(o.order_date, o.id) < (?::timestamptz, ?::uuid)');
    expect(params).toEqual([JSON.stringify(STORES), 'confirmé', CURSOR.orderDate, CURSOR.id, 25, 25]);
  });

  it('searches a typed % or _ as itself, and a phone in the form it is stored', () => {
    expect(pageQuery({ storeIds: STORES, q: '50%_off' }, undefined, 25).params[1]).toBe('%50\\%\\_off%');
    expect(pageQuery({ storeIds: STORES, q: '+213 555 12' }, undefined, 25).params[1]).toBe('%55512%');
  });

  it('carries the history of the page’s orders only when asked for', () => {
    expect(pageQuery({ storeIds: STORES }, undefined, 25, true).sql).toContain('orders.order_history');
    expect(pageQuery({ storeIds: STORES }, undefined, 25).sql).not.toContain('orders.order_history');
  });
});
