import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { QueuePatterns, type AvailabilityDto, type StoreSettingsDto } from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { GetAvailabilityUseCase } from './use-cases/get-availability.use-case';
import { GetStoreSettingsUseCase } from './use-cases/get-store-settings.use-case';
import { SetAvailabilityUseCase } from './use-cases/set-availability.use-case';
import { UpdateStoreSettingsUseCase } from './use-cases/update-store-settings.use-case';

@Controller()
export class SettingsController {
  constructor(
    private readonly getSettings: GetStoreSettingsUseCase,
    private readonly updateSettings: UpdateStoreSettingsUseCase,
    private readonly getAvailability: GetAvailabilityUseCase,
    private readonly setAvailability: SetAvailabilityUseCase,
  ) {}

  @RpcHandler(QueuePatterns.settings)
  settings(@Payload() request: RpcRequest<{ storeId: string }>) {
    return this.getSettings.execute(request.actor, request.data);
  }

  @RpcHandler(QueuePatterns.updateSettings)
  update(@Payload() request: RpcRequest<StoreSettingsDto & { storeId: string }>) {
    return this.updateSettings.execute(request.actor, request.data);
  }

  @RpcHandler(QueuePatterns.availability)
  availability(@Payload() request: RpcRequest<Record<string, never>>) {
    return this.getAvailability.execute(request.actor);
  }

  @RpcHandler(QueuePatterns.setAvailability)
  available(@Payload() request: RpcRequest<AvailabilityDto>) {
    return this.setAvailability.execute(request.actor, request.data);
  }
}
