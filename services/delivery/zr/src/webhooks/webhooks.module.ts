import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CarrierModule } from '../carrier/carrier.module';
import { TrackingModule } from '../tracking/tracking.module';
import {
  ReceiveYalidineWebhookUseCase,
  YalidineWebhookAccounts,
} from './use-cases/receive-yalidine-webhook.use-case';
import { ReceiveZrWebhookUseCase } from './use-cases/receive-zr-webhook.use-case';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhooksController } from './webhooks.controller';

/**
 * Parcel states carriers push: ZR Express (Svix-signed webhooks) and Yalidine (batches signed with
 * the secret the owner pasted), applied as tracking applies what it reads.
 */
@Module({
  imports: [AccountsModule, CarrierModule, TrackingModule],
  controllers: [WebhooksController],
  providers: [
    WebhookDeliveriesRepository,
    ReceiveZrWebhookUseCase,
    YalidineWebhookAccounts,
    ReceiveYalidineWebhookUseCase,
  ],
  exports: [WebhookDeliveriesRepository],
})
export class WebhooksModule {}
