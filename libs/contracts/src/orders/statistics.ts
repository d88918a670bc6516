import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';
import type { OrderStatus } from './order-status';

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

/** A rate is null where its denominator is zero: there is nothing to divide. */
export type Rate = number | null;

export interface StatisticsTotals {
  orders: number;
  byStatus: Record<OrderStatus, number>;
  handled: number;
  confirmed: number;
  sent: number;
  inTransit: number;
  delivered: number;
  returned: number;
  confirmationRate: Rate;
  deliveryRate: Rate;
  returnRate: Rate;
  /** DZD, two decimals. */
  revenueDelivered: number;
  revenueInTransit: number;
}

export interface AgentStatistics {
  agentId: string;
  name: string;
  handled: number;
  confirmed: number;
  confirmationRate: Rate;
  delivered: number;
  deliveredRate: Rate;
}

export interface ProductStatistics {
  product: string;
  orders: number;
  handled: number;
  confirmed: number;
  confirmationRate: Rate;
  sent: number;
  delivered: number;
  deliveryRate: Rate;
}

export interface WilayaStatistics {
  /** 1-58, or null for addresses where no wilaya was recognised. */
  wilayaCode: number | null;
  wilaya: string;
  orders: number;
  sent: number;
  delivered: number;
  returned: number;
  deliveryRate: Rate;
  returnRate: Rate;
}

export interface DayStatistics {
  day: string;
  orders: number;
  confirmed: number;
  sent: number;
  delivered: number;
  returned: number;
}

/** `GET /api/statistics`: the owner's figures over the period. */
export interface StatisticsView {
  from: string;
  to: string;
  timeZone: typeof STATISTICS_TIME_ZONE;
  /** The store asked for, or null for all the owner's stores. */
  storeId: string | null;
  totals: StatisticsTotals;
  /** Most orders handled first. */
  agents: AgentStatistics[];
  /** Most orders first. */
  products: ProductStatistics[];
  /** Most orders first. */
  wilayas: WilayaStatistics[];
  /** Every day of the period, in order, days without orders included. */
  days: DayStatistics[];
  definitions: StatisticsDefinitions;
}
