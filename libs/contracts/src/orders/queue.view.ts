import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OrderView } from './order.view';

export const ASSIGNMENT_MODES = ['shared', 'round-robin', 'least-loaded'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** A store's queue settings, as an owner sets them. */
export class StoreSettingsView {
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty({ description: '"Pas de réponse" attempts before the queue proposes Annulée' })
  maxAttempts!: number;
  @ApiProperty({ description: 'How long an unanswered order waits before it is called again' })
  retryDelayMinutes!: number;
  @ApiProperty({ description: 'How long an agent holds an order they opened or took' })
  claimMinutes!: number;
  @ApiProperty({ enum: ASSIGNMENT_MODES }) assignment!: AssignmentMode;
  @ApiProperty({ description: 'The most open orders assigned to one agent at once' })
  agentCap!: number;
}

export const DEFAULT_STORE_SETTINGS: Omit<StoreSettingsView, 'storeId'> = {
  maxAttempts: 5,
  retryDelayMinutes: 120,
  claimMinutes: 10,
  assignment: 'shared',
  agentCap: 30,
};

/** `DELETE /api/orders/youcan/{id}/claim` */
export class ClaimReleased {
  @ApiProperty({ enum: [true] }) released!: true;
}

/** An order of the queue: `proposeCancel` when it is past the store's maximum attempts. */
export class QueueOrderView extends OrderView {
  @ApiPropertyOptional({ description: "Past the store's maximum attempts: propose Annulée" })
  proposeCancel?: boolean;
}

export class QueueCounts {
  @ApiProperty({ description: 'Callbacks scheduled (status reporté), due or not' }) callbacks!: number;
  @ApiProperty({ description: 'Pending orders never called' }) new!: number;
  @ApiProperty({ description: 'Unanswered orders whose retry delay has passed' }) retry!: number;
  @ApiProperty({ description: 'Callbacks whose time has come: the first of the queue' }) overdue!: number;
}

export class QueueView {
  @ApiProperty({ type: QueueCounts }) counts!: QueueCounts;
  @ApiProperty({ type: [QueueOrderView] }) orders!: QueueOrderView[];
}

export class AvailabilityView {
  @ApiProperty() available!: boolean;
}

export const QUEUE_LIMIT = 50;
