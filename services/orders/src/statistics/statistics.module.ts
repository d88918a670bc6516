import { Module } from '@nestjs/common';
import { StatisticsController } from './statistics.controller';
import { StatisticsRepository } from './statistics.repository';
import { GetStatisticsUseCase } from './use-cases/get-statistics.use-case';

@Module({
  controllers: [StatisticsController],
  providers: [StatisticsRepository, GetStatisticsUseCase],
})
export class StatisticsModule {}
