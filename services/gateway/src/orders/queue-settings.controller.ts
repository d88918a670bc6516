import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AvailabilityDto,
  AvailabilityView,
  QueuePatterns,
  StoreSettingsDto,
  StoreSettingsView,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';

const storeId = () => Param('storeId', uuidParam('storeId must be a store id'));

@ApiTags('queue')
@ApiBearerAuth()
@Controller('api/orders')
export class QueueSettingsController {
  constructor(private readonly rpc: RpcCaller) {}

  @Get('settings/:storeId')
  @ApiOperation({ summary: "A store's queue settings (its owner and its agents)" })
  @ApiOkResponse({ type: StoreSettingsView })
  async settings(@storeId() id: string, @CurrentActor() actor: Actor) {
    return this.rpc.call(QueuePatterns.settings, { storeId: id }, actor);
  }

  @Put('settings/:storeId')
  @ApiOperation({
    summary: "Owner only: change a store's queue settings",
    description: 'Every field is optional; the others stay. Back to shared, every assignment is taken away.',
  })
  @ApiOkResponse({ type: StoreSettingsView })
  async update(@storeId() id: string, @Body() body: StoreSettingsDto, @CurrentActor() actor: Actor) {
    return this.rpc.call(QueuePatterns.updateSettings, { ...body, storeId: id }, actor);
  }

  @Get('availability')
  @ApiOperation({ summary: 'Whether the caller takes calls from the assigned queue' })
  @ApiOkResponse({ type: AvailabilityView })
  async availability(@CurrentActor() actor: Actor) {
    return this.rpc.call(QueuePatterns.availability, {}, actor);
  }

  @Put('availability')
  @ApiOperation({
    summary: 'Agent: start or stop taking calls on every store you work on',
    description: 'Going unavailable hands back the assigned orders you have not called yet.',
  })
  @ApiOkResponse({ type: AvailabilityView })
  async setAvailability(@Body() body: AvailabilityDto, @CurrentActor() actor: Actor) {
    return this.rpc.call(QueuePatterns.setAvailability, body, actor);
  }
}
