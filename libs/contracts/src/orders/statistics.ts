import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';

/** Days are calendar days in Algeria: an order placed at 23:30 UTC belongs to the next day there. */
export const STATISTICS_TIME_ZONE = 'Africa/Algiers';
/** The longest period one call may cover: a year and a day. */
export const STATISTICS_MAX_DAYS = 366;
export const STATISTICS_DEFAULT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /api/statistics` query: the period (Algerian calendar days, both included) and one store or all. */
export class StatisticsQuery {
  @ApiPropertyOptional({
    format: 'date',
    description: 'First day, YYYY-MM-DD (default: 29 days before `to`)',
  })
  @IsOptional()
  @Matches(DAY, { message: 'from must be a day as YYYY-MM-DD' })
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Last day, YYYY-MM-DD, included (default: today)' })
  @IsOptional()
  @Matches(DAY, { message: 'to must be a day as YYYY-MM-DD' })
  to?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "One of the owner's stores (default: all of them)" })
  @IsOptional()
  @IsUUID('4', { message: 'storeId must be a store id' })
  storeId?: string;
}

/**
 * What each figure means. Sent with every answer so that the screen's tooltips and the API docs
 * say the same thing.
 */
export const STATISTICS_DEFINITIONS = {
  period:
    'Every figure counts the orders placed in the period (Algerian days, both ends included), in the status they have now.',
  orders: 'Orders placed in the period, test orders included.',
  handled: 'Orders an agent has moved out of pending: every status but pending and test.',
  confirmed: 'Orders confirmed or beyond: confirmé, saisie, en cours de livraison, livrée, retour.',
  sent: 'Orders sent to the delivery company as parcels: saisie, en cours de livraison, livrée, retour.',
  confirmationRate: 'Confirmed ÷ handled.',
  deliveryRate: 'Livrée ÷ parcels sent.',
  returnRate: 'Retour ÷ parcels sent.',
  revenueDelivered: 'Sum of the totals of livrée orders, in DZD.',
  revenueInTransit: 'Sum of the totals of orders saisie or en cours de livraison, in DZD.',
  agent:
    'The person who last set the order’s status (an agent or the owner); the carrier’s updates keep the one who confirmed.',
  agentDeliveredRate: 'Livrée ÷ the orders this person confirmed.',
  product: 'An order counts once for each different product it holds.',
  wilaya:
    'Where the order goes: the wilaya of its delivery information, else the one recognised in the customer’s address; “Unknown” when neither.',
} as const;

export type StatisticsDefinitions = typeof STATISTICS_DEFINITIONS;
