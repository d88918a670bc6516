import type { FastifyInstance } from 'fastify';
import { tariffs } from '../tariffs';
import { tenantOf } from './auth';
import { TERRITORIES, type Territory, territoryById } from './geography';
import { problem } from './problem';

const TARIFFS = new Map(tariffs().map((row) => [row.IDWilaya, row]));

/** The price in DZD to deliver to a wilaya, or undefined where the service is not offered. */
export function deliveryPrice(wilayaCode: number, deliveryType: 'home' | 'pickup-point'): number | undefined {
  const row = TARIFFS.get(wilayaCode);
  const price = Number(deliveryType === 'home' ? row?.Domicile : row?.Stopdesk);
  return price > 0 ? price : undefined;
}

function deliveryPrices(wilaya: Territory) {
  return (['home', 'pickup-point'] as const).flatMap((deliveryType) => {
    const price = deliveryPrice(wilaya.code, deliveryType);
    if (price === undefined) return [];
    return [
      {
        deliveryType,
        price,
        discountedPrice: null,
        isSpecificPrice: false,
        specificPriceId: null,
        priceTtc: price,
        discountedPriceTtc: null,
        vatRate: 0,
      },
    ];
  });
}

const rate = (wilaya: Territory) => ({
  toTerritoryId: wilaya.id,
  toTerritoryCode: wilaya.code,
  toTerritoryName: wilaya.name,
  toTerritoryNameArabic: wilaya.nameArabic,
  toTerritoryLevel: wilaya.level,
  deliveryPrices: deliveryPrices(wilaya),
});

const NO_PRICE_LIST = 'No price list is assigned to this supplier';

/** `GET /delivery-pricing/rates` and `/rates/{toTerritoryId}`: 404 for a tenant without a price list. */
export function registerRates(app: FastifyInstance) {
  app.get('/delivery-pricing/rates', async (request, reply) => {
    if (!tenantOf(request).hasPriceList)
      return problem(reply, 404, 'PriceListErrors.PriceListNotFound', NO_PRICE_LIST);
    const wilayas = TERRITORIES.filter((territory) => territory.level === 'wilaya');
    return { rates: wilayas.map(rate), appliedDiscounts: [] };
  });

  app.get<{ Params: { toTerritoryId: string } }>(
    '/delivery-pricing/rates/:toTerritoryId',
    async (request, reply) => {
      if (!tenantOf(request).hasPriceList)
        return problem(reply, 404, 'PriceListErrors.PriceListNotFound', NO_PRICE_LIST);
      const territory = territoryById(request.params.toTerritoryId);
      if (!territory) return problem(reply, 404, 'TerritoryErrors.TerritoryNotFound', 'Territory not found');
      // A commune is priced as its wilaya.
      const wilaya = territory.parentId ? territoryById(territory.parentId)! : territory;
      const { toTerritoryCode: _code, ...answer } = rate(wilaya);
      return {
        ...answer,
        toTerritoryId: territory.id,
        toTerritoryName: territory.name,
        toTerritoryNameArabic: territory.nameArabic,
        toTerritoryLevel: territory.level,
        appliedDiscounts: [],
      };
    },
  );
}
