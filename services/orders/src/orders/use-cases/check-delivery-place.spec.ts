import type { DeliveryChoiceDto } from '@tawsil/contracts/orders';
import { ServiceError } from '@tawsil/nest-common';
import { checkDeliveryPlace } from './set-delivery.use-case';

const ACCOUNT = '4b0c3f4e-8f0a-4c47-9d2a-0d6f1e2a3b4c';
const place = (choice: Omit<DeliveryChoiceDto, 'deliveryAccount'>) =>
  checkDeliveryPlace({ deliveryAccount: ACCOUNT, ...choice });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ServiceError ? { status: error.status, message: error.message } : error;
  }
  throw new Error('expected a refusal');
};

describe('The delivery place of an order', () => {
  it('keeps a home delivery to a commune of the wilaya, spelt as the reference spells it', () => {
    expect(place({ wilaya: '16', isStopDesk: false, commune: '  BAB-EZZOUAR ' })).toEqual({
      wilaya: '16',
      isStopDesk: false,
      commune: 'Bab Ezzouar',
    });
  });

  it('leaves the stop desk to the account’s carrier: delivery/zr checks it and names it', () => {
    expect(place({ wilaya: '16', isStopDesk: true, desk: ' Centre de Baraki ' })).toEqual({
      wilaya: '16',
      isStopDesk: true,
      desk: 'Centre de Baraki',
    });
  });

  it('refuses a wilaya that does not exist', () => {
    for (const wilaya of ['0', '59', 'Alger'])
      expect(refusal(() => place({ wilaya, isStopDesk: false, commune: 'Kouba' }))).toEqual({
        status: 400,
        message: 'wilaya must be a wilaya code from 1 to 58',
      });
  });

  it('names the missing commune or desk', () => {
    expect(refusal(() => place({ wilaya: '16', isStopDesk: false, commune: ' ' }))).toEqual({
      status: 400,
      message: 'commune is required for a home delivery',
    });
    expect(refusal(() => place({ wilaya: '16', isStopDesk: true }))).toEqual({
      status: 400,
      message: 'desk is required for a stop-desk delivery',
    });
  });

  it('refuses a commune of another wilaya', () => {
    expect(refusal(() => place({ wilaya: '31', isStopDesk: false, commune: 'Kouba' }))).toEqual({
      status: 400,
      message: 'commune "Kouba" is not in Oran',
    });
  });
});
