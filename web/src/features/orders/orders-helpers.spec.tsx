import { WILAYAS } from '@tawsil/geo-dz';
// The statuses file itself: the contracts' index also holds decorated DTOs, which the web transform does not read.
import {
  EDITABLE_STATUSES as CONTRACT_EDITABLE,
  ORDER_STATUSES as CONTRACT_STATUSES,
} from '../../../../libs/contracts/src/orders/order-status';
import { draftOf, editOf } from './edit';
import { filtersFrom, ordersQuery, withFilter } from './filters';
import { deliveryText, formatDateTime, formatTotal, totalText } from './format';
import { EDITABLE_STATUSES, ORDER_STATUSES } from './statuses';
import type { Order } from './types';
import { WILAYA_OPTIONS } from './wilayas';

describe('the web copies of shared lists', () => {
  it('names the 58 wilayas as libs/geo-dz does, "01 - Adrar" style', () => {
    expect(WILAYA_OPTIONS.map(({ code, name, nameAr }) => ({ code, name, nameAr }))).toEqual(
      WILAYAS.map(({ code, name, nameAr }) => ({ code, name, nameAr })),
    );
    expect(WILAYA_OPTIONS[0].label).toBe('01 - Adrar');
    expect(WILAYA_OPTIONS[15].label).toBe('16 - Alger');
  });

  it('lists the statuses as the contracts do', () => {
    expect([...ORDER_STATUSES]).toEqual([...CONTRACT_STATUSES]);
    expect([...EDITABLE_STATUSES]).toEqual([...CONTRACT_EDITABLE]);
  });
});

describe('order words', () => {
  it('formats dates, totals, counts and delivery', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 9, 5).toISOString())).toBe('22 November 2026, 09:05');
    expect(formatTotal({ total: 7800, currency: 'DZD' })).toBe('7,800 DZD');
    expect([totalText(1, true), totalText(1234, true), totalText(10000, false)]).toEqual([
      '1 order',
      '1,234 orders',
      '10,000+ orders',
    ]);
    expect(deliveryText(null)).toBe('—');
    const account = { _id: 'a', company: 'zrexpress' as const, storeName: 'Boutique' };
    expect(deliveryText({ deliveryAccount: account, wilaya: '16', isStopDesk: true })).toBe(
      'Stop desk, wilaya 16',
    );
    expect(deliveryText({ deliveryAccount: account, wilaya: '31', isStopDesk: true, desk: 'Oran' })).toBe(
      'Stop desk Oran, wilaya 31',
    );
    expect(
      deliveryText({ deliveryAccount: account, wilaya: '16', isStopDesk: false, commune: 'Kouba' }),
    ).toBe('Home, Kouba, wilaya 16');
  });
});

describe('filters', () => {
  it('drops what the screen cannot offer and keeps other parameters', () => {
    const params = new URLSearchParams('status=perdu&region=69&from=yesterday&q=robe&tab=1');
    expect(filtersFrom(params)).toEqual({ q: 'robe', status: '', region: '', from: '', to: '', storeId: '' });
    expect(withFilter(params, 'q', '').toString()).toBe('status=perdu&region=69&from=yesterday&tab=1');
  });

  it('sends trimmed search, local day bounds, the page size and the cursor', () => {
    const query = new URLSearchParams(
      ordersQuery(
        { q: ' robe ', status: '', region: '16', from: '', to: '2026-11-30', storeId: '' },
        100,
        'next',
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      q: 'robe',
      region: '16',
      to: new Date(2026, 10, 30, 23, 59, 59, 999).toISOString(),
      limit: '100',
      cursor: 'next',
    });
  });
});

describe('row edits', () => {
  const order = {
    customer: { full_name: 'Amina', phone: '0555123456', region: 'Alger', city: 'Hydra' },
    variants: [{ quantity: 2, variant: { product: { name: 'Robe' } } }],
    status: 'pending',
    version: 7,
  } as Order;

  it('finds no change in an untouched or only re-spaced draft', () => {
    expect(editOf(order, draftOf(order))).toBeUndefined();
    expect(editOf(order, { ...draftOf(order), city: ' Hydra ' })).toBeUndefined();
  });

  it('sends the whole order with the version read', () => {
    expect(editOf(order, { ...draftOf(order), quantity: '3' })).toEqual({
      version: 7,
      status: 'pending',
      customer: order.customer,
      quantity: 3,
    });
  });
});
