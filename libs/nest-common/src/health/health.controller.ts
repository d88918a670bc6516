import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../public.decorator';
import { HealthRegistry } from './health.registry';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** Depends on nothing: answers as long as the process runs its event loop. */
  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  /** 200 when every dependency answers, 503 naming the ones that do not. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks = await this.registry.run();
    const ready = Object.values(checks).every((state) => state === 'up');
    reply.status(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', checks };
  }
}
