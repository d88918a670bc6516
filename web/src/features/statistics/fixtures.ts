import type { StatisticsDefinitions, StatisticsView } from './api';
import { addDays } from './period';

const TERMS = [
  'period',
  'orders',
  'handled',
  'confirmed',
  'sent',
  'confirmationRate',
  'deliveryRate',
  'returnRate',
  'revenueDelivered',
  'revenueInTransit',
  'agent',
  'agentDeliveredRate',
  'product',
  'wilaya',
] as const satisfies readonly (keyof StatisticsDefinitions)[];

// Fails to compile when the contracts gain a definition this list lacks.
const _everyTermListed: Exclude<keyof StatisticsDefinitions, (typeof TERMS)[number]> extends never
  ? true
  : never = true;
void _everyTermListed;

/** Words unlike the contract's, so a test can tell the screen shows what the server sent. */
export const DEFINITIONS = Object.fromEntries(
  TERMS.map((term) => [term, `Server says what ${term} is`]),
) as unknown as StatisticsDefinitions;

export const STORE_A = '0b6f0c1e-7a1d-4f7e-9f59-0d1c2b3a4e51';
export const STORE_B = '5d2e8f3a-1c4b-4a6d-8e9f-7a0b1c2d3e4f';

/** The figures of 20 orders; every total agrees with the statuses. */
export function statisticsView(from: string, to: string, storeId: string | null): StatisticsView {
  const days = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push({ day, orders: 0, confirmed: 0, sent: 0, delivered: 0, returned: 0 });
  }
  days[days.length - 1] = {
    ...days[days.length - 1],
    orders: 12,
    confirmed: 8,
    sent: 6,
    delivered: 3,
    returned: 1,
  };
  if (days.length > 1) days[0] = { ...days[0], orders: 8, confirmed: 5, sent: 4, delivered: 2, returned: 1 };
  return {
    from,
    to,
    timeZone: 'Africa/Algiers',
    storeId,
    totals: {
      orders: 20,
      byStatus: {
        pending: 3,
        test: 1,
        'pas de réponse': 2,
        annulée: 1,
        reporté: 0,
        confirmé: 3,
        saisie: 1,
        'en cours de livraison': 2,
        livrée: 5,
        retour: 2,
      } as StatisticsView['totals']['byStatus'],
      handled: 16,
      confirmed: 13,
      sent: 10,
      inTransit: 3,
      delivered: 5,
      returned: 2,
      confirmationRate: 0.8125,
      deliveryRate: 0.5,
      returnRate: 0.2,
      revenueDelivered: 39000,
      revenueInTransit: 23400.5,
    },
    agents: [
      {
        agentId: 'a1',
        name: 'Yacine',
        handled: 10,
        confirmed: 8,
        confirmationRate: 0.8,
        delivered: 3,
        deliveredRate: 0.375,
      },
      {
        agentId: 'a2',
        name: 'Amina Benali',
        handled: 5,
        confirmed: 5,
        confirmationRate: 1,
        delivered: 2,
        deliveredRate: 0.4,
      },
      {
        agentId: 'a3',
        name: 'Karim',
        handled: 1,
        confirmed: 0,
        confirmationRate: 0,
        delivered: 0,
        deliveredRate: null,
      },
    ],
    products: [
      {
        product: 'Robe kabyle',
        orders: 12,
        handled: 10,
        confirmed: 8,
        confirmationRate: 0.8,
        sent: 6,
        delivered: 3,
        deliveryRate: 0.5,
      },
      {
        product: 'Karakou',
        orders: 8,
        handled: 6,
        confirmed: 5,
        confirmationRate: 0.8333,
        sent: 4,
        delivered: 2,
        deliveryRate: 0.5,
      },
    ],
    wilayas: [
      {
        wilayaCode: 16,
        wilaya: 'Alger',
        orders: 11,
        sent: 6,
        delivered: 3,
        returned: 1,
        deliveryRate: 0.5,
        returnRate: 0.1667,
      },
      {
        wilayaCode: 31,
        wilaya: 'Oran',
        orders: 6,
        sent: 4,
        delivered: 2,
        returned: 1,
        deliveryRate: 0.5,
        returnRate: 0.25,
      },
      {
        wilayaCode: null,
        wilaya: 'Unknown',
        orders: 3,
        sent: 0,
        delivered: 0,
        returned: 0,
        deliveryRate: null,
        returnRate: null,
      },
    ],
    days,
    definitions: DEFINITIONS,
  };
}

/** A period without orders: what the server answers, zeros and null rates everywhere. */
export function emptyView(from: string, to: string): StatisticsView {
  const full = statisticsView(from, to, null);
  const zeroStatuses = Object.fromEntries(Object.keys(full.totals.byStatus).map((status) => [status, 0]));
  return {
    ...full,
    totals: {
      orders: 0,
      byStatus: zeroStatuses as StatisticsView['totals']['byStatus'],
      handled: 0,
      confirmed: 0,
      sent: 0,
      inTransit: 0,
      delivered: 0,
      returned: 0,
      confirmationRate: null,
      deliveryRate: null,
      returnRate: null,
      revenueDelivered: 0,
      revenueInTransit: 0,
    },
    agents: [],
    products: [],
    wilayas: [],
    days: full.days.map((day) => ({ ...day, orders: 0, confirmed: 0, sent: 0, delivered: 0, returned: 0 })),
  };
}
