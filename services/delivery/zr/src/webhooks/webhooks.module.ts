import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CarrierModule } from '../carrier/carrier.module';
import { TrackingModule } from '../tracking/tracking.module';
import { ReceiveZrWebhookUseCase } from './use-cases/receive-zr-webhook.use-case';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhooksController } from './webhooks.controller';

/** Parcel states ZR Express pushes (Svix-signed webhooks), applied as tracking applies what it reads. */
@Module({
  imports: [AccountsModule, CarrierModule, TrackingModule],
  controllers: [WebhooksController],
  providers: [WebhookDeliveriesRepository, ReceiveZrWebhookUseCase],
  exports: [WebhookDeliveriesRepository],
})
export class WebhooksModule {}
