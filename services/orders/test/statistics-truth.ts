import type { OrderView } from '@tawsil/contracts/orders';
import { recognizeWilaya } from '@tawsil/geo-dz';

/**
 * What the statistics must say, worked out order by order from the orders list, a road of its
 * own: it shares nothing with the summary rows and the SQL that answer `GET /api/statistics`.
 */
const algerianDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Algiers' }).format(new Date(iso));

const isHandled = (order: OrderView) => !['pending', 'test'].includes(order.status);
const isConfirmed = (order: OrderView) =>
  ['confirmé', 'saisie', 'en cours de livraison', 'livrée', 'retour'].includes(order.status);
const isSent = (order: OrderView) =>
  ['saisie', 'en cours de livraison', 'livrée', 'retour'].includes(order.status);
const isDelivered = (order: OrderView) => order.status === 'livrée';
const isReturned = (order: OrderView) => order.status === 'retour';

const count = (orders: OrderView[], test: (order: OrderView) => boolean) => orders.filter(test).length;
const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1e4) / 1e4);
const cents = (amount: number) => Math.round(amount * 100) / 100;

function groupBy(orders: OrderView[], keysOf: (order: OrderView) => string[]) {
  const groups = new Map<string, OrderView[]>();
  for (const order of orders)
    for (const key of new Set(keysOf(order))) groups.set(key, [...(groups.get(key) ?? []), order]);
  return groups;
}

export function expectedStatistics(all: OrderView[], from: string, to: string) {
  const orders = all.filter((order) => {
    const day = algerianDay(order.orderDate);
    return day >= from && day <= to;
  });
  const byStatus: Record<string, number> = {};
  for (const order of orders) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
  const handled = count(orders, isHandled);
  const confirmed = count(orders, isConfirmed);
  const sent = count(orders, isSent);
  const delivered = count(orders, isDelivered);
  const returned = count(orders, isReturned);
  const revenue = (test: (order: OrderView) => boolean) =>
    cents(orders.filter(test).reduce((sum, order) => sum + Number(order.total), 0));

  const agents = [...groupBy(orders, (order) => (order.confirmateur ? [order.confirmateur.name] : []))]
    .map(([name, mine]) => ({
      name,
      handled: count(mine, isHandled),
      confirmed: count(mine, isConfirmed),
      confirmationRate: ratio(count(mine, isConfirmed), count(mine, isHandled)),
      delivered: count(mine, isDelivered),
      deliveredRate: ratio(count(mine, isDelivered), count(mine, isConfirmed)),
    }))
    .filter((agent) => agent.handled > 0);

  const products = [
    ...groupBy(orders, (order) => order.variants.map((line) => line.variant.product.name)),
  ].map(([product, mine]) => ({
    product,
    orders: mine.length,
    confirmationRate: ratio(count(mine, isConfirmed), count(mine, isHandled)),
    deliveryRate: ratio(count(mine, isDelivered), count(mine, isSent)),
  }));

  const wilayas = [
    ...groupBy(orders, (order) => [
      String(order.delivery?.wilaya ?? recognizeWilaya(order.customer.region)?.code ?? 'none'),
    ]),
  ].map(([code, mine]) => ({
    wilayaCode: code === 'none' ? null : Number(code),
    orders: mine.length,
    sent: count(mine, isSent),
    deliveryRate: ratio(count(mine, isDelivered), count(mine, isSent)),
    returnRate: ratio(count(mine, isReturned), count(mine, isSent)),
  }));

  const days = groupBy(orders, (order) => [algerianDay(order.orderDate)]);
  return {
    totals: {
      orders: orders.length,
      byStatus,
      handled,
      confirmed,
      sent,
      delivered,
      returned,
      confirmationRate: ratio(confirmed, handled),
      deliveryRate: ratio(delivered, sent),
      returnRate: ratio(returned, sent),
      revenueDelivered: revenue(isDelivered),
      revenueInTransit: revenue((order) => ['saisie', 'en cours de livraison'].includes(order.status)),
    },
    agents,
    products,
    wilayas,
    days: [...days].map(([day, mine]) => ({
      day,
      orders: mine.length,
      delivered: count(mine, isDelivered),
      returned: count(mine, isReturned),
    })),
  };
}
