import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { ASSIGNMENT_MODES, type AssignmentMode } from './queue.view';
import { Omittable } from '../http/omittable';

/** `GET /api/orders/queue` and `POST /api/orders/queue/next`: one store, or all the caller's. */
export class QueueQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @Omittable()
  @IsUUID('4', { message: 'storeId must be a store id' })
  storeId?: string;
}

/** `POST /api/orders/youcan/{id}/claim`. */
export class ClaimOrderDto {
  @ApiPropertyOptional({ description: 'Owner only: take the order over from the agent who holds it' })
  @Omittable()
  @IsBoolean({ message: 'takeover must be true or false' })
  takeover?: boolean;
}

const whole = (field: string, min: number, max: number) => [
  IsInt({ message: `${field} must be a whole number` }),
  Min(min, { message: `${field} must be at least ${min}` }),
  Max(max, { message: `${field} must be at most ${max}` }),
];
const apply =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of decorators) decorator(target, key);
  };

/** `PUT /api/orders/settings/{storeId}`: every field optional, the others stay as they are. */
export class StoreSettingsDto {
  @ApiPropertyOptional({ default: 5, minimum: 1, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @apply(...whole('maxAttempts', 1, 50))
  maxAttempts?: number;

  @ApiPropertyOptional({ default: 120, minimum: 0, maximum: 10080 })
  @IsOptional()
  @Type(() => Number)
  @apply(...whole('retryDelayMinutes', 0, 10080))
  retryDelayMinutes?: number;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 240 })
  @IsOptional()
  @Type(() => Number)
  @apply(...whole('claimMinutes', 1, 240))
  claimMinutes?: number;

  @ApiPropertyOptional({ enum: ASSIGNMENT_MODES, default: 'shared' })
  @IsOptional()
  @IsIn(ASSIGNMENT_MODES, { message: `assignment must be one of: ${ASSIGNMENT_MODES.join(', ')}` })
  assignment?: AssignmentMode;

  @ApiPropertyOptional({ default: 30, minimum: 1, maximum: 10000 })
  @IsOptional()
  @Type(() => Number)
  @apply(...whole('agentCap', 1, 10000))
  agentCap?: number;
}

/** `PUT /api/orders/availability`. */
export class AvailabilityDto {
  @ApiPropertyOptional()
  @IsBoolean({ message: 'available must be true or false' })
  available!: boolean;
}
