import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  OrdersPatterns,
  STATISTICS_DEFINITIONS,
  StatisticsQuery,
  StatisticsView,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import { CurrentActor } from '../auth/current-actor.decorator';

const definitions = Object.entries(STATISTICS_DEFINITIONS)
  .map(([figure, meaning]) => `- **${figure}**: ${meaning}`)
  .join('\n');

@ApiTags('statistics')
@ApiBearerAuth()
@Controller('api/statistics')
export class StatisticsController {
  constructor(private readonly rpc: RpcCaller) {}

  @Get()
  @ApiOperation({
    summary: "Owner only: the owner's figures over a period, for all its stores or one",
    description:
      'Counts per status, confirmation, delivery and return rates, revenue delivered and in transit, and the ' +
      'same per agent, product, wilaya and day. A rate is null where nothing divides it. The period covers ' +
      `at most a year and a day; 404 for a store that is not the owner's.\n\n${definitions}`,
  })
  @ApiOkResponse({ type: StatisticsView })
  async figures(@Query() query: StatisticsQuery, @CurrentActor() actor: Actor) {
    return this.rpc.call(OrdersPatterns.statistics, query, actor);
  }
}
