import { Module } from '@nestjs/common';
import { StatisticsController } from './statistics.controller';
import { StatisticsRepository } from './statistics.repository';
import { StatisticsUseCase } from './statistics.use-case';

@Module({
  controllers: [StatisticsController],
  providers: [StatisticsRepository, StatisticsUseCase],
})
export class StatisticsModule {}
