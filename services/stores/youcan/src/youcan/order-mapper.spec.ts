import { mapYoucanOrder, orderOfWebhook, UnusableOrderError } from './order-mapper';
import type { YoucanOrder } from './youcan.types';

const order: YoucanOrder = {
  id: 'c1d9a7e2-0b1f-4b7a-9f3e-5b0a2e1d7c44',
  ref: '00042',
  total: 10300,
  currency: 'DZD',
  created_at: '2026-11-20T09:15:00.000Z',
  updated_at: '2026-11-20T09:20:00.000Z',
  customer: { first_name: 'Karim', last_name: 'Benali', phone: '0555000000', region: 'Oran', city: 'Oran' },
  variants: [
    { quantity: 2, price: 4900, variant: { product: { name: 'Montre connectée Pro' } } },
    { quantity: 1, price: 500, variant: { product: { name: 'Bracelet' } } },
  ],
  shipping: {
    address: [{ full_name: 'فاطمة بن علي', phone: '0661234567', region: '16 - Alger', city: 'Bab El Oued' }],
  },
};

describe('mapYoucanOrder', () => {
  it('reads the ship-to address first, keeps the region as typed and recognises the wilaya', () => {
    expect(mapYoucanOrder(order)).toEqual({
      externalId: order.id,
      ref: '00042',
      orderDate: '2026-11-20T09:15:00.000Z',
      sourceUpdatedAt: '2026-11-20T09:20:00.000Z',
      customer: {
        fullName: 'فاطمة بن علي',
        phone: '0661234567',
        regionRaw: '16 - Alger',
        wilayaCode: 16,
        city: 'Bab El Oued',
      },
      items: [
        { productName: 'Montre connectée Pro', quantity: 2, price: 4900 },
        { productName: 'Bracelet', quantity: 1, price: 500 },
      ],
      total: 10300,
      currency: 'DZD',
    });
  });

  it.each([
    ['Alger', 16],
    ['alger', 16],
    ['Algiers', 16],
    ['الجزائر', 16],
    ['TIZI OUZOU', 15],
    ['Somewhere else', null],
  ])('recognises the region %s as wilaya %s', (region, code) => {
    const mapped = mapYoucanOrder({ ...order, shipping: { address: [{ region }] } });
    expect(mapped.customer).toMatchObject({ regionRaw: region, wilayaCode: code });
  });

  it('falls back to the customer record and tolerates missing and malformed fields', () => {
    const mapped = mapYoucanOrder({
      id: 'x1',
      total: 'abc',
      created_at: 'not a date',
      customer: { first_name: ' Réda ', last_name: 'Saïdi', region: 'Béjaïa', city: 'Akbou' },
      variants: [{ quantity: '3', variant: null }],
      shipping: null,
    });
    expect(mapped).toMatchObject({
      ref: 'x1',
      total: 0,
      currency: 'DZD',
      customer: { fullName: 'Réda Saïdi', regionRaw: 'Béjaïa', wilayaCode: 6, city: 'Akbou', phone: '' },
      items: [{ productName: '', quantity: 3, price: 0 }],
    });
    expect(mapped.orderDate).toBe(mapped.sourceUpdatedAt);
  });

  it('refuses an order without id', () => {
    expect(() => mapYoucanOrder({ id: '' })).toThrow(UnusableOrderError);
  });
});

describe('orderOfWebhook', () => {
  it('accepts a bare order and an {event_name, data} envelope', () => {
    expect(orderOfWebhook(order)).toBe(order);
    expect(orderOfWebhook({ event_name: 'order.created', data: order })).toBe(order);
  });
});
