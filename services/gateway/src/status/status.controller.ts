import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PING_PATTERNS, SERVICE_NAMES } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import { ServiceStatus, StatusView } from './service-status.view';

/** Which services answer right now, for the signed-in user's own diagnosis. */
@ApiTags('status')
@ApiBearerAuth()
@Controller('api/status')
export class StatusController {
  constructor(private readonly rpc: RpcCaller) {}

  @Get()
  @ApiOkResponse({ type: StatusView })
  async status(): Promise<StatusView> {
    const services = await Promise.all(
      SERVICE_NAMES.map(async (service): Promise<ServiceStatus> => {
        const started = Date.now();
        try {
          await this.rpc.call(PING_PATTERNS[service], undefined);
          return { service, status: 'up', latencyMs: Date.now() - started };
        } catch {
          return { service, status: 'down' };
        }
      }),
    );
    return { services };
  }
}
