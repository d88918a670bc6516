import { CreateDeliveryAccountDto } from '@tawsil/contracts/delivery-zr';
import {
  AddNoteDto,
  BulkSelectionDto,
  ClaimOrderDto,
  DeleteSelectionDto,
  EditOrderDto,
  StoreSettingsDto,
} from '@tawsil/contracts/orders';
import { createValidationPipe } from './validation.pipe';

const pipe = createValidationPipe();
const messageFor = async (body: unknown, metatype: new () => unknown) => {
  try {
    await pipe.transform(body, { type: 'body', metatype });
    return 'valid';
  } catch (error) {
    return (error as { response: { message: string } }).response.message;
  }
};

const order = {
  _id: 'ignored',
  version: 3,
  status: 'confirmé',
  customer: { full_name: 'Karim B', phone: '0555123456', region: 'Alger', city: 'Bab Ezzouar' },
  variants: [{ quantity: 2, variant: { product: { name: 'Écouteurs' } } }],
  notes: [],
  history: [],
  confirmateur: null,
  delivery: null,
  attempts: 0,
  claim: null,
};

describe('The full order as GET answers it', () => {
  it('is valid as it is, read-only fields and all', async () => {
    expect(await messageFor(order, EditOrderDto)).toBe('valid');
    expect(
      await messageFor(
        { ...order, customer: { ...order.customer, phone: '+213 555 12-34-56' } },
        EditOrderDto,
      ),
    ).toBe('valid');
  });

  it.each([
    [{ ...order, customer: { ...order.customer, phone: undefined } }, 'customer.phone is required'],
    [{ ...order, customer: { ...order.customer, city: undefined } }, 'customer.city is required'],
    [{ ...order, customer: undefined }, 'customer is required'],
    [{ ...order, status: undefined }, 'status is required'],
    [{ ...order, version: undefined }, 'version is required'],
    [
      { ...order, customer: { ...order.customer, phone: '12345' } },
      'customer.phone must be a 10-digit number starting with 05, 06 or 07',
    ],
    [
      { ...order, variants: [{ quantity: 1 }, { quantity: 1001 }] },
      'variants.1.quantity must not be greater than 1000',
    ],
    [{ ...order, status: 'reporté', callbackAt: 'tomorrow' }, 'callbackAt must be an ISO 8601 date and time'],
  ])('names the field: %#', async (body, message) => {
    expect(await messageFor(body, EditOrderDto)).toBe(message);
  });
});

describe('Store settings', () => {
  it('names the field out of range', async () => {
    expect(await messageFor({ maxAttempts: 0 }, StoreSettingsDto)).toBe('maxAttempts must be at least 1');
    expect(await messageFor({ claimMinutes: 2.5 }, StoreSettingsDto)).toBe(
      'claimMinutes must be a whole number',
    );
    expect(await messageFor({}, StoreSettingsDto)).toBe('valid');
  });

  it.each(['maxAttempts', 'retryDelayMinutes', 'claimMinutes', 'agentCap'])(
    'refuses null, booleans and text for %s, naming it, and reads a number',
    async (field) => {
      for (const refused of [null, true, false, '', 'five', '5'])
        expect(await messageFor({ [field]: refused }, StoreSettingsDto)).toBe(
          `${field} must be a whole number`,
        );
      expect(await messageFor({ [field]: 5 }, StoreSettingsDto)).toBe('valid');
    },
  );

  it('refuses a null assignment, naming it', async () => {
    expect(await messageFor({ assignment: null }, StoreSettingsDto)).toBe(
      'assignment must be one of: shared, round-robin, least-loaded',
    );
  });
});

describe('A bulk selection', () => {
  const FILTER_REFUSED =
    'filter must be an object of the list filters (q, status, region, from, to, storeId); an empty object for every order';

  it.each([
    [[]],
    [null],
    ['all'],
    [1],
    [true],
    [[{ status: 'confirmé' }]],
    [{ statuss: 'confirmé' }],
    [{ storeId: null }],
    [{ status: null }],
  ])('refuses the filter %j, naming it, for a delete and a saisie', async (filter) => {
    expect(await messageFor({ filter }, BulkSelectionDto)).toBe(FILTER_REFUSED);
    expect(await messageFor({ filter }, DeleteSelectionDto)).toBe(FILTER_REFUSED);
  });

  it('takes {} as every order, a filter object, or explicit ids', async () => {
    expect(await messageFor({ filter: {} }, BulkSelectionDto)).toBe('valid');
    expect(await messageFor({ filter: { status: 'confirmé', q: 'tapis' } }, BulkSelectionDto)).toBe('valid');
    expect(await messageFor({ orderIds: ['6a1f3c2e-0b7d-4e4a-9c1b-1f2e3d4c5b6a'] }, BulkSelectionDto)).toBe(
      'valid',
    );
  });

  it('asks for ids when neither is sent, and for ids as a list', async () => {
    expect(await messageFor({}, BulkSelectionDto)).toBe('orderIds must be a list of order ids');
    expect(await messageFor({ orderIds: null }, BulkSelectionDto)).toBe(
      'orderIds must be a list of order ids',
    );
    expect(await messageFor({ orderIds: {} }, BulkSelectionDto)).toBe('orderIds must be a list of order ids');
  });

  it('takes a whole count as the confirmation of a delete, nothing else', async () => {
    expect(await messageFor({ filter: {}, confirm: 250 }, DeleteSelectionDto)).toBe('valid');
    for (const confirm of [true, null, '250', 2.5])
      expect(await messageFor({ filter: {}, confirm }, DeleteSelectionDto)).toBe(
        'confirm must be a whole number',
      );
    expect(await messageFor({ filter: {}, confirm: 0 }, DeleteSelectionDto)).toBe(
      'confirm must be at least 1',
    );
    expect(await messageFor({ filter: {}, confirm: 1e308 }, DeleteSelectionDto)).toBe(
      'confirm must be at most 10000',
    );
  });
});

describe('Carrier credentials', () => {
  it.each(['apiKey', 'apiSecret'])(
    'refuses %s outside what an HTTP header carries, naming it',
    async (field) => {
      const account = { company: 'yalidine', storeName: 'x', apiKey: 'k', apiSecret: 's', fromWilaya: 16 };
      // A lone surrogate is refused earlier, as text that is not valid anywhere.
      expect(await messageFor({ ...account, [field]: '\ud800' }, CreateDeliveryAccountDto)).toBe(
        `${field} holds a character that is not valid text`,
      );
      for (const value of ['١٢٣', 'clé', 'k\u00a0k'])
        expect(await messageFor({ ...account, [field]: value }, CreateDeliveryAccountDto)).toBe(
          `${field} must be copied as the carrier shows it: Latin letters, digits and symbols only`,
        );
      expect(await messageFor({ ...account, [field]: ' Ab-12_x.Y=/+ ' }, CreateDeliveryAccountDto)).toBe(
        'valid',
      );
    },
  );
});

describe('The code of a refusal', () => {
  const refusalFor = async (body: unknown, metatype: new () => unknown) =>
    pipe.transform(body, { type: 'body', metatype }).then(
      () => undefined,
      (error: { response: unknown }) => error.response,
    );

  it('is validation.failed, naming the field, the rule it broke and its limit', async () => {
    expect(await refusalFor({ maxAttempts: 0 }, StoreSettingsDto)).toEqual({
      message: 'maxAttempts must be at least 1',
      code: 'validation.failed',
      params: { field: 'maxAttempts', constraint: 'min', rule: 'validation.at_least', min: '1' },
    });
  });

  it('names the rule of a phone or a quantity refused, for the web app to say it in its language', async () => {
    expect(
      await refusalFor({ ...order, customer: { ...order.customer, phone: '12345' } }, EditOrderDto),
    ).toMatchObject({
      params: { field: 'customer.phone', rule: 'validation.phone_mobile' },
    });
    expect(
      await refusalFor({ ...order, variants: [{ quantity: 1 }, { quantity: 1001 }] }, EditOrderDto),
    ).toMatchObject({
      params: { field: 'variants.1.quantity', rule: 'validation.not_greater_than', max: '1000' },
    });
  });

  it('names a nested field by its path', async () => {
    expect(
      await refusalFor({ ...order, customer: { ...order.customer, phone: undefined } }, EditOrderDto),
    ).toMatchObject({
      code: 'validation.failed',
      params: { field: 'customer.phone', constraint: 'isDefined' },
    });
  });

  it('names the field that holds control characters', async () => {
    expect(
      await refusalFor({ ...order, customer: { ...order.customer, city: 'A\u0000' } }, EditOrderDto),
    ).toEqual({
      message: 'customer.city must not contain control characters',
      code: 'validation.failed',
      params: {
        field: 'customer.city',
        constraint: 'controlCharacters',
        rule: 'validation.control_characters',
      },
    });
  });
});

describe('What a body is never read as', () => {
  it('refuses null, a list or a lone value where an object is expected, instead of reading {}', async () => {
    for (const body of [null, [], [{}], 'text', 42, true])
      expect(await messageFor(body, ClaimOrderDto)).toBe('The request body must be a JSON object');
    expect(await messageFor(undefined, ClaimOrderDto)).toBe('valid');
  });

  it('refuses null for a field that may only be left out, naming it; null still clears a callback', async () => {
    expect(await messageFor({ takeover: null }, ClaimOrderDto)).toBe('takeover must be true or false');
    expect(await messageFor({ ...order, quantity: null }, EditOrderDto)).toBe(
      'quantity must be a whole number',
    );
    expect(await messageFor({ ...order, callbackAt: null }, EditOrderDto)).toBe('valid');
  });

  it('names the field that holds half a surrogate pair, which no UTF-8 text can hold', async () => {
    const refusal = await pipe
      .transform({ note: 'appel \ud800' }, { type: 'body', metatype: AddNoteDto })
      .catch((error: { response: unknown }) => error.response);
    expect(refusal).toEqual({
      message: 'note holds a character that is not valid text',
      code: 'validation.failed',
      params: { field: 'note', constraint: 'wellFormedText', rule: 'validation.malformed_text' },
    });
    expect(await messageFor({ note: 'موعد 😀' }, AddNoteDto)).toBe('valid');
  });
});
