import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../public.decorator';
import { HealthRegistry } from './health.registry';
import { LiveView, ReadyView } from './health.views';

@Public()
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** Depends on nothing: answers as long as the process runs its event loop. */
  @Get('live')
  @HttpCode(200)
  @ApiOkResponse({ type: LiveView })
  live(): LiveView {
    return { status: 'ok' };
  }

  /** 200 when every dependency answers, 503 naming the ones that do not. */
  @Get('ready')
  @ApiOkResponse({ type: ReadyView })
  @ApiServiceUnavailableResponse({
    type: ReadyView,
    description: 'The dependencies that do not answer are down',
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyView> {
    const checks = await this.registry.run();
    const ready = Object.values(checks).every((state) => state === 'up');
    reply.status(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks };
  }
}
