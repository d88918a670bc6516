import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { STATISTICS_DEFINITIONS, STATISTICS_TIME_ZONE, type StatisticsDefinitions } from './statistics';

/** A rate is null where its denominator is zero: there is nothing to divide. */
export type Rate = number | null;

const rate = (description: string) => ApiProperty({ type: Number, nullable: true, description });

const objectOf = (keys: readonly string[], type: 'number' | 'string') => ({
  type: 'object' as const,
  properties: Object.fromEntries(keys.map((key) => [key, { type }])),
  required: [...keys],
  // With a list in `required` (the object's own fields), this says the property itself is required.
  selfRequired: true,
});

export class StatisticsTotals {
  @ApiProperty() orders!: number;
  @ApiProperty({
    ...objectOf(ORDER_STATUSES, 'number'),
    description: 'Orders per status, every status named',
  })
  byStatus!: Record<OrderStatus, number>;
  @ApiProperty() handled!: number;
  @ApiProperty() confirmed!: number;
  @ApiProperty() sent!: number;
  @ApiProperty() inTransit!: number;
  @ApiProperty() delivered!: number;
  @ApiProperty() returned!: number;
  @rate('Confirmed ÷ handled') confirmationRate!: Rate;
  @rate('Livrée ÷ parcels sent') deliveryRate!: Rate;
  @rate('Retour ÷ parcels sent') returnRate!: Rate;
  @ApiProperty({ description: 'DZD, two decimals' }) revenueDelivered!: number;
  @ApiProperty({ description: 'DZD, two decimals' }) revenueInTransit!: number;
}

export class AgentStatistics {
  @ApiProperty({ format: 'uuid' }) agentId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() handled!: number;
  @ApiProperty() confirmed!: number;
  @rate('Confirmed ÷ handled') confirmationRate!: Rate;
  @ApiProperty() delivered!: number;
  @rate('Livrée ÷ the orders this person confirmed') deliveredRate!: Rate;
}

export class ProductStatistics {
  @ApiProperty() product!: string;
  @ApiProperty() orders!: number;
  @ApiProperty() handled!: number;
  @ApiProperty() confirmed!: number;
  @rate('Confirmed ÷ handled') confirmationRate!: Rate;
  @ApiProperty() sent!: number;
  @ApiProperty() delivered!: number;
  @rate('Livrée ÷ parcels sent') deliveryRate!: Rate;
}

export class WilayaStatistics {
  @ApiProperty({ type: Number, nullable: true, description: '1-58, or null where no wilaya was recognised' })
  wilayaCode!: number | null;
  @ApiProperty() wilaya!: string;
  @ApiProperty() orders!: number;
  @ApiProperty() sent!: number;
  @ApiProperty() delivered!: number;
  @ApiProperty() returned!: number;
  @rate('Livrée ÷ parcels sent') deliveryRate!: Rate;
  @rate('Retour ÷ parcels sent') returnRate!: Rate;
}

export class DayStatistics {
  @ApiProperty({ format: 'date' }) day!: string;
  @ApiProperty() orders!: number;
  @ApiProperty() confirmed!: number;
  @ApiProperty() sent!: number;
  @ApiProperty() delivered!: number;
  @ApiProperty() returned!: number;
}

/** `GET /api/statistics`: the owner's figures over the period. */
export class StatisticsView {
  @ApiProperty({ format: 'date' }) from!: string;
  @ApiProperty({ format: 'date' }) to!: string;
  @ApiProperty({ enum: [STATISTICS_TIME_ZONE] }) timeZone!: typeof STATISTICS_TIME_ZONE;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The store asked for, or null for all the owner's stores",
  })
  storeId!: string | null;
  @ApiProperty({ type: StatisticsTotals }) totals!: StatisticsTotals;
  @ApiProperty({ type: [AgentStatistics], description: 'Most orders handled first' })
  agents!: AgentStatistics[];
  @ApiProperty({ type: [ProductStatistics], description: 'Most orders first' })
  products!: ProductStatistics[];
  @ApiProperty({ type: [WilayaStatistics], description: 'Most orders first' }) wilayas!: WilayaStatistics[];
  @ApiProperty({
    type: [DayStatistics],
    description: 'Every day of the period, in order, days without orders included',
  })
  days!: DayStatistics[];
  @ApiProperty({
    ...objectOf(Object.keys(STATISTICS_DEFINITIONS), 'string'),
    description: 'What each figure means',
  })
  definitions!: StatisticsDefinitions;
}
