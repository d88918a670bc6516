import { classifyOrderPut, ORDER_PUT_AMBIGUOUS, ORDER_PUT_EMPTY, ORDER_PUT_NOT_OBJECT } from './order-put';

const delivery = {
  deliveryAccount: 'a0e6c2a4-5d7e-4b0e-9f1a-3c2b1d0e9f8a',
  wilaya: 16,
  commune: 'Alger Centre',
};

describe('classifyOrderPut', () => {
  it('a lone note is a note', () => {
    expect(classifyOrderPut({ note: 'Rappeler après 18h' })).toEqual({
      kind: 'note',
      body: { note: 'Rappeler après 18h' },
    });
  });

  it('a lone delivery is a delivery', () => {
    expect(classifyOrderPut({ delivery })).toEqual({ kind: 'delivery', body: { delivery } });
  });

  it.each([
    ['its version', { version: 3, status: 'confirmed' }],
    ['only its version', { version: 3 }],
    ['only its status', { status: 'confirmed' }],
    ['its delivery and notes as read', { version: 3, status: 'confirmed', delivery, note: 'x', notes: [] }],
    ['a field without its version', { customer: { name: 'Amina' } }],
  ])('the full order with %s is an edit', (_, body) => {
    expect(classifyOrderPut(body)).toEqual({ kind: 'edit', body });
  });

  it('a note and a delivery together are refused as ambiguous', () => {
    expect(classifyOrderPut({ note: 'x', delivery })).toEqual({
      kind: 'invalid',
      reason: ORDER_PUT_AMBIGUOUS,
    });
  });

  it.each([[{}], [null], [undefined]])('an empty body (%p) is refused naming what to send', (body) => {
    expect(classifyOrderPut(body)).toEqual({ kind: 'invalid', reason: ORDER_PUT_EMPTY });
  });

  it.each([[[{ note: 'x' }]], ['note'], [42]])('a body that is not an object (%p) is refused', (body) => {
    expect(classifyOrderPut(body)).toEqual({ kind: 'invalid', reason: ORDER_PUT_NOT_OBJECT });
  });
});
