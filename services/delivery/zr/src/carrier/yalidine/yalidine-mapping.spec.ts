import type { ParcelRequest } from '../carrier';
import {
  findCenter,
  splitName,
  tariffEntryFrom,
  toYalidineParcel,
  type YalidinePlaces,
} from './yalidine-mapping';

const places: YalidinePlaces = {
  fromWilaya: { id: 16, name: 'Alger' },
  toWilaya: { id: 15, name: 'Tizi Ouzou' },
  communes: [
    { id: 1501, name: 'Tizi Ouzou', wilaya_id: 15, is_deliverable: 1 },
    { id: 1502, name: 'Aït Yahia', wilaya_id: 15, is_deliverable: 1 },
    { id: 1503, name: 'Iferhounène', wilaya_id: 15, is_deliverable: 0 },
  ],
  centers: [{ center_id: 150101, name: 'Centre de Tizi Ouzou', commune_name: 'Tizi Ouzou', wilaya_id: 15 }],
};

const parcel = (change: Partial<ParcelRequest> = {}): ParcelRequest => ({
  tracking: 'TW0123456789ABCD',
  orderId: '0b8a2f0e-4c1c-4e4f-9a57-1f0a3c2b9d10',
  recipient: 'Amina Ben Ali',
  phone: '0550123456',
  wilaya: 15,
  isStopDesk: false,
  place: 'Ait Yahia',
  address: 'Cité des 500 logements',
  total: 3500,
  product: 'Robe x2',
  source: 'Ma boutique',
  ...change,
});

describe('Yalidine parcel mapping', () => {
  it('sends a home delivery to the commune as Yalidine spells it, our tracking as order_id', () => {
    expect(toYalidineParcel(parcel(), places)).toEqual({
      order_id: 'TW0123456789ABCD',
      from_wilaya_name: 'Alger',
      firstname: 'Amina',
      familyname: 'Ben Ali',
      contact_phone: '0550123456',
      address: 'Cité des 500 logements',
      to_commune_name: 'Aït Yahia',
      to_wilaya_name: 'Tizi Ouzou',
      product_list: 'Robe x2',
      price: 3500,
      do_insurance: false,
      declared_value: 3500,
      length: 0,
      width: 0,
      height: 0,
      weight: 1,
      freeshipping: true,
      is_stopdesk: false,
      has_exchange: false,
    });
  });

  it('sends a stop-desk parcel to the center the desk names, in its commune', () => {
    expect(toYalidineParcel(parcel({ isStopDesk: true, place: 'Tizi Ouzou' }), places)).toMatchObject({
      is_stopdesk: true,
      stopdesk_id: 150101,
      to_commune_name: 'Tizi Ouzou',
    });
  });

  it('names the problem when a place is not one Yalidine serves', () => {
    expect(toYalidineParcel(parcel({ place: 'Nowhere' }), places)).toBe('No commune "Nowhere" in Tizi Ouzou');
    expect(toYalidineParcel(parcel({ place: 'Iferhounene' }), places)).toBe('Iferhounène is not served');
    expect(toYalidineParcel(parcel({ isStopDesk: true, place: 'Azazga' }), places)).toBe(
      'No stop desk "Azazga" in Tizi Ouzou: choose one of Tizi Ouzou',
    );
    expect(toYalidineParcel(parcel({ isStopDesk: true }), { ...places, centers: [] })).toBe(
      'No stop desk in Tizi Ouzou',
    );
  });

  it('finds a center by its name, the place it is named after, or its commune', () => {
    const centers = [
      { center_id: 1, name: 'Agence de Hydra', commune_name: 'Hydra', wilaya_id: 16 },
      { center_id: 2, name: 'Bab Ezzouar', commune_name: 'Bab Ezzouar', wilaya_id: 16 },
      { center_id: 3, name: 'Yalidine Cheraga', commune_name: 'Chéraga', wilaya_id: 16 },
    ];
    expect(findCenter(centers, 'Agence de Hydra')?.center_id).toBe(1);
    expect(findCenter(centers, 'hydra')?.center_id).toBe(1);
    expect(findCenter(centers, 'Bab-Ezzouar')?.center_id).toBe(2);
    expect(findCenter(centers, 'Cheraga')?.center_id).toBe(3);
    expect(findCenter(centers, 'Kouba')).toBeUndefined();
  });

  it('splits a name into first and family names, a single word serving as both', () => {
    expect(splitName('  Karim   Haddad ')).toEqual({ firstname: 'Karim', familyname: 'Haddad' });
    expect(splitName('Nassima')).toEqual({ firstname: 'Nassima', familyname: 'Nassima' });
  });
});

describe('Yalidine fees as a tariff row', () => {
  it('shows the lowest express price to a commune of the wilaya, "0" where none is offered', () => {
    const fees = {
      per_commune: {
        '1501': { express_home: 650, express_desk: 450, economic_home: 550, economic_desk: 400 },
        '1502': { express_home: 620, express_desk: null, economic_home: null, economic_desk: null },
        '1503': { express_home: null, express_desk: null, economic_home: null, economic_desk: null },
      },
    };
    expect(tariffEntryFrom({ id: 15, name: 'Tizi Ouzou' }, fees)).toEqual({
      IDWilaya: 15,
      Wilaya: 'Tizi Ouzou',
      Domicile: '620',
      Stopdesk: '450',
    });
    expect(tariffEntryFrom({ id: 54, name: 'In Guezzam' }, { per_commune: {} })).toEqual({
      IDWilaya: 54,
      Wilaya: 'In Guezzam',
      Domicile: '0',
      Stopdesk: '0',
    });
  });
});
