import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsUUID, Max, Min, ValidateIf } from 'class-validator';
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

/**
 * A whole number within bounds, or absent (the setting stays). null is refused, not skipped (every
 * setting has a value), and so are a boolean and digits sent as text: a JSON number only.
 */
const whole = (field: string, min: number, max: number) => [
  ValidateIf((_: unknown, value: unknown) => value !== undefined),
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
  @apply(...whole('maxAttempts', 1, 50))
  maxAttempts?: number;

  @ApiPropertyOptional({ default: 120, minimum: 0, maximum: 10080 })
  @apply(...whole('retryDelayMinutes', 0, 10080))
  retryDelayMinutes?: number;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 240 })
  @apply(...whole('claimMinutes', 1, 240))
  claimMinutes?: number;

  @ApiPropertyOptional({ enum: ASSIGNMENT_MODES, default: 'shared' })
  @IsIn(ASSIGNMENT_MODES, { message: `assignment must be one of: ${ASSIGNMENT_MODES.join(', ')}` })
  @ValidateIf((_: unknown, value: unknown) => value !== undefined)
  assignment?: AssignmentMode;

  @ApiPropertyOptional({ default: 30, minimum: 1, maximum: 10000 })
  @apply(...whole('agentCap', 1, 10000))
  agentCap?: number;
}

/** `PUT /api/orders/availability`. */
export class AvailabilityDto {
  @ApiPropertyOptional()
  @IsBoolean({ message: 'available must be true or false' })
  available!: boolean;
}
