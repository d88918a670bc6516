import { ApiProperty } from '@nestjs/swagger';

export class LiveView {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
}

export class ReadyView {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status!: 'ok' | 'unavailable';
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: ['up', 'down'] },
    description: 'Each dependency (postgres, redis, …) and whether it answers',
    example: { redis: 'up' },
  })
  checks!: Record<string, 'up' | 'down'>;
}
