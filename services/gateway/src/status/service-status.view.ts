import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SERVICE_NAMES, type ServiceName } from '@tawsil/contracts/rpc';

export class ServiceStatus {
  @ApiProperty({ enum: SERVICE_NAMES }) service!: ServiceName;
  @ApiProperty({ enum: ['up', 'down'] }) status!: 'up' | 'down';
  @ApiPropertyOptional({ description: 'How long it took to answer, when it did' }) latencyMs?: number;
}

/** `GET /api/status`: which services answer right now. */
export class StatusView {
  @ApiProperty({ type: [ServiceStatus] }) services!: ServiceStatus[];
}
