import { codedReason } from './saisie-reason';

describe('codedReason', () => {
  it.each([
    ['No delivery information: set the delivery first', 'saisie.reason.no_delivery', {}],
    [
      'Not confirmed (status pending): confirm the order first',
      'saisie.reason.not_confirmed',
      { status: 'pending' },
    ],
    [
      'Yalidine: Double Tracking (it holds this tracking number but shows no parcel)',
      'saisie.reason.double_tracking',
      { carrier: 'Yalidine' },
    ],
    [
      'ZR Express: Commune inconnue',
      'saisie.reason.carrier_refused',
      { carrier: 'ZR Express', reason: 'Commune inconnue' },
    ],
    ['Saisie stopped: the queue gave up', 'saisie.reason.stopped', { reason: 'the queue gave up' }],
  ])('reads "%s" as %s', (reason, code, params) => {
    expect(codedReason(reason)).toEqual({ code, params });
  });

  it('keeps a reason the catalogue does not hold as it is, to be shown in English', () => {
    expect(codedReason('Something else happened')).toEqual({
      code: 'saisie.reason.other',
      params: { reason: 'Something else happened' },
    });
  });

  it('never reads another family of messages as a saisie reason', () => {
    expect(codedReason('Order not found')).toEqual({
      code: 'saisie.reason.other',
      params: { reason: 'Order not found' },
    });
  });
});
