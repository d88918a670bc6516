import { OrderStatus, type ShippingOrder } from '@tawsil/contracts/orders';
import { localPhone, planParcel, trackingFor } from './parcel-plan';

const ACCOUNT = '4f1c7d0e-2b1a-4c3d-9e8f-0a1b2c3d4e5f';
const order = (overrides: Partial<ShippingOrder> = {}): ShippingOrder => ({
  _id: '0c6f0a3e-5b7d-4e21-9f3a-1d2e3f4a5b6c',
  storeId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  ref: '00042',
  status: OrderStatus.Confirmed,
  customer: {
    full_name: 'Amina Benali',
    phone: '+213 555 12 34 56',
    region: 'Alger',
    city: 'Cité 200 logements',
  },
  productName: 'Montre connectée',
  quantity: 2,
  total: 5300,
  delivery: {
    deliveryAccount: { _id: ACCOUNT, company: 'zrexpress', storeName: 'Boutique Amina' },
    wilaya: '16',
    isStopDesk: false,
    commune: 'Bab Ezzouar',
  },
  ...overrides,
});
const accounts = new Map([[ACCOUNT, 'Boutique Amina']]);

describe('Planning a parcel', () => {
  it('builds the parcel from the order and its delivery', () => {
    expect(planParcel(order(), accounts)).toEqual({
      orderId: order()._id,
      accountId: ACCOUNT,
      request: {
        tracking: trackingFor(order()._id),
        orderId: order()._id,
        recipient: 'Amina Benali',
        phone: '0555123456',
        wilaya: 16,
        isStopDesk: false,
        place: 'Bab Ezzouar',
        address: 'Cité 200 logements',
        total: 5300,
        product: 'Montre connectée x2',
        source: 'Boutique Amina',
      },
    });
  });

  it('gives every refusal a reason the owner can act on', () => {
    const reasons = [
      order({ status: OrderStatus.Pending }),
      order({ status: OrderStatus.Saisie }),
      order({ delivery: null }),
      order({ delivery: { ...order().delivery!, commune: undefined } }),
      order({ delivery: { ...order().delivery!, isStopDesk: true, commune: undefined } }),
      order({
        delivery: {
          ...order().delivery!,
          deliveryAccount: { _id: 'gone', company: 'zrexpress', storeName: 'x' },
        },
      }),
    ].map((candidate) => (planParcel(candidate, accounts) as { reason: string }).reason);
    expect(reasons).toEqual([
      'Not confirmed (status pending): confirm the order first',
      'Already sent for delivery (status saisie)',
      'No delivery information: set the delivery first',
      'No commune: choose one in the delivery form',
      'No stop desk: choose one in the delivery form',
      'Its delivery account was removed: choose another in the delivery form',
    ]);
  });

  it('keeps one tracking number per order, whatever the attempt', () => {
    expect(trackingFor(order()._id)).toBe(trackingFor(order()._id));
    expect(trackingFor(order()._id)).not.toBe(trackingFor('1c6f0a3e-5b7d-4e21-9f3a-1d2e3f4a5b6c'));
    expect(trackingFor(order()._id)).toMatch(/^TW[0-9A-F]{14}$/);
  });

  it.each([
    ['0555 12 34 56', '0555123456'],
    ['00213661000000', '0661000000'],
    ['+213-770-00-00-00', '0770000000'],
    ['555123456', '0555123456'],
  ])('writes %s as %s', (phone, local) => {
    expect(localPhone(phone)).toBe(local);
  });
});
