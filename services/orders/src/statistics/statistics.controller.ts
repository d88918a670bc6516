import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { OrdersPatterns, type StatisticsQuery } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { GetStatisticsUseCase } from './use-cases/get-statistics.use-case';

@Controller()
export class StatisticsController {
  constructor(private readonly getStatistics: GetStatisticsUseCase) {}

  @RpcHandler(OrdersPatterns.statistics)
  figures(@Payload() request: RpcRequest<StatisticsQuery>) {
    return this.getStatistics.execute(request.actor, request.data);
  }
}
