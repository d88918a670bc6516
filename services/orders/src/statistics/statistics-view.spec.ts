import { OrderStatus, STATISTICS_DEFINITIONS } from '@tawsil/contracts/orders';
import type { DayRow, StatDimension, StatRow } from './statistics.repository';
import { buildStatisticsView } from './statistics-view';

const PERIOD = { from: '2026-11-01', to: '2026-11-03' };
const SAMIA = '5f0c2d9e-6c1b-4a7e-9f3d-2b8a1c4e7d60';
const YACINE = '8e2f4a6b-1c3d-4e5f-8a7b-9c0d1e2f3a4b';

const row = (
  dimension: StatDimension,
  key: string,
  status: OrderStatus,
  orders: number,
  revenue = 0,
): StatRow => ({ dimension, key, status, orders, revenue });

const view = (rows: StatRow[], dayRows: DayRow[] = [], agentNames = new Map<string, string>()) =>
  buildStatisticsView({ period: PERIOD, storeId: null, rows, dayRows, agentNames });

describe('The statistics page', () => {
  it('counts confirmation among handled orders, and delivery and returns among sent parcels', () => {
    const { totals } = view([
      row('all', '', OrderStatus.Pending, 3),
      row('all', '', OrderStatus.Test, 1),
      row('all', '', OrderStatus.Cancelled, 2),
      row('all', '', OrderStatus.Confirmed, 2),
      row('all', '', OrderStatus.Saisie, 1, 3_000),
      row('all', '', OrderStatus.OutForDelivery, 1, 2_500.5),
      row('all', '', OrderStatus.Delivered, 5, 12_345.675),
      row('all', '', OrderStatus.Returned, 1, 900),
    ]);
    expect(totals).toMatchObject({
      orders: 16,
      handled: 12, // pending and test orders are not yet handled
      confirmed: 10, // confirmed, then everything that became a parcel
      sent: 8,
      inTransit: 2,
      delivered: 5,
      returned: 1,
      confirmationRate: 0.8333,
      deliveryRate: 0.625,
      returnRate: 0.125,
      revenueDelivered: 12_345.68,
      revenueInTransit: 5_500.5,
    });
    expect(totals.byStatus[OrderStatus.NoAnswer]).toBe(0);
    expect(totals.byStatus[OrderStatus.Delivered]).toBe(5);
  });

  it('shows no rate, rather than 0 %, when nothing was handled or sent', () => {
    const { totals } = view([row('all', '', OrderStatus.Pending, 4)]);
    expect(totals).toMatchObject({ orders: 4, confirmationRate: null, deliveryRate: null, returnRate: null });
  });

  it('ranks agents by orders handled, leaves out unassigned orders and names a removed agent Unknown', () => {
    const { agents } = view(
      [
        row('agent', SAMIA, OrderStatus.Confirmed, 2),
        row('agent', SAMIA, OrderStatus.Delivered, 1),
        row('agent', SAMIA, OrderStatus.NoAnswer, 1),
        row('agent', YACINE, OrderStatus.Cancelled, 5),
        row('agent', '', OrderStatus.Confirmed, 9),
        row('agent', 'b1b2b3b4-0000-4000-8000-000000000000', OrderStatus.Pending, 3),
      ],
      [],
      new Map([[SAMIA, 'Samia']]),
    );
    expect(agents).toEqual([
      {
        agentId: YACINE,
        name: 'Unknown',
        handled: 5,
        confirmed: 0,
        confirmationRate: 0,
        delivered: 0,
        deliveredRate: null,
      },
      {
        agentId: SAMIA,
        name: 'Samia',
        handled: 4,
        confirmed: 3,
        confirmationRate: 0.75,
        delivered: 1,
        deliveredRate: 0.3333,
      },
    ]);
  });

  it('lists products by orders and wilayas by orders, an order without wilaya as Unknown last on a tie', () => {
    const { products, wilayas } = view([
      row('product', 'Montre', OrderStatus.Pending, 1),
      row('product', 'Sac', OrderStatus.Delivered, 2),
      row('product', 'Sac', OrderStatus.Returned, 2),
      row('wilaya', '', OrderStatus.Pending, 2),
      row('wilaya', '31', OrderStatus.Delivered, 2),
      row('wilaya', '16', OrderStatus.Delivered, 3),
      row('wilaya', '16', OrderStatus.Returned, 1),
    ]);
    expect(products.map(({ product, orders, deliveryRate }) => ({ product, orders, deliveryRate }))).toEqual([
      { product: 'Sac', orders: 4, deliveryRate: 0.5 },
      { product: 'Montre', orders: 1, deliveryRate: null },
    ]);
    expect(
      wilayas.map(({ wilayaCode, wilaya, orders, returnRate }) => ({
        wilayaCode,
        wilaya,
        orders,
        returnRate,
      })),
    ).toEqual([
      { wilayaCode: 16, wilaya: 'Alger', orders: 4, returnRate: 0.25 },
      { wilayaCode: 31, wilaya: 'Oran', orders: 2, returnRate: 0 },
      { wilayaCode: null, wilaya: 'Unknown', orders: 2, returnRate: null },
    ]);
  });

  it('has a line for every day of the period, a quiet day with zeros', () => {
    const { days } = view(
      [],
      [
        { day: '2026-11-01', status: OrderStatus.Confirmed, orders: 2 },
        { day: '2026-11-01', status: OrderStatus.Pending, orders: 1 },
        { day: '2026-11-03', status: OrderStatus.Delivered, orders: 4 },
      ],
    );
    expect(days).toEqual([
      { day: '2026-11-01', orders: 3, confirmed: 2, sent: 0, delivered: 0, returned: 0 },
      { day: '2026-11-02', orders: 0, confirmed: 0, sent: 0, delivered: 0, returned: 0 },
      { day: '2026-11-03', orders: 4, confirmed: 4, sent: 4, delivered: 4, returned: 0 },
    ]);
  });

  it('says which period, time zone and definitions the figures follow', () => {
    const answer = buildStatisticsView({
      period: PERIOD,
      storeId: SAMIA,
      rows: [],
      dayRows: [],
      agentNames: new Map(),
    });
    expect(answer).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-03',
      timeZone: 'Africa/Algiers',
      storeId: SAMIA,
    });
    expect(answer.definitions).toBe(STATISTICS_DEFINITIONS);
    expect(answer.totals.orders).toBe(0);
  });
});
