import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { ZrWebhookDelivery, ZrWebhookReceipt } from '@tawsil/contracts/delivery-zr';
import { ServiceError } from '@tawsil/nest-common';
import { AccountSecrets } from '../../accounts/account-secrets';
import type { DeliveryAccount } from '../../accounts/delivery-account.entity';
import { DeliveryAccountsRepository } from '../../accounts/delivery-accounts.repository';
import { ParcelMoves } from '../../tracking/parcel-moves';
import { ParcelsInTransitRepository } from '../../tracking/parcels-in-transit.repository';
import { SvixRefusal, verifySvixDelivery } from '../svix-signature';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const UNKNOWN_WEBHOOK_ACCOUNT = 'Unknown delivery account: no ZR Express webhook is registered for it';

/** What ZR sends (shared/external-apis.md A2): `data` is the parcel, `externalId` our tracking. */
interface ZrParcelEvent {
  eventType?: unknown;
  occurredAt?: unknown;
  data?: {
    externalId?: unknown;
    state?: { name?: unknown } | null;
    lastStateUpdateAt?: unknown;
  } | null;
}

/**
 * A delivery of ZR's webhooks: the account named by the address, the Svix signature checked on the
 * body's bytes with that account's secret, the `svix-id` recorded once per account, and the
 * parcel's state applied through ParcelMoves, as tracking applies what it reads. The record and
 * the state are one transaction with the answer: a delivery that fails is retried by Svix whole.
 */
@Injectable()
export class ReceiveZrWebhookUseCase {
  private readonly logger = new Logger(ReceiveZrWebhookUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly secrets: AccountSecrets,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly parcels: ParcelsInTransitRepository,
    private readonly moves: ParcelMoves,
  ) {}

  async execute(delivery: ZrWebhookDelivery): Promise<ZrWebhookReceipt> {
    const account = UUID.test(delivery.accountId) ? await this.accounts.findById(delivery.accountId) : null;
    const secret = account?.api === 'zr-current' ? this.secrets.openWebhookSecret(account) : undefined;
    if (!account || !secret) throw ServiceError.notFound(UNKNOWN_WEBHOOK_ACCOUNT);

    let event: ZrParcelEvent;
    try {
      event = verifySvixDelivery(secret, Buffer.from(delivery.bodyBase64, 'base64'), {
        id: delivery.svixId,
        timestamp: delivery.svixTimestamp,
        signature: delivery.svixSignature,
      }) as ZrParcelEvent;
    } catch (error) {
      if (!(error instanceof SvixRefusal)) throw error;
      this.logger.warn({ accountId: account.id, reason: error.message }, 'Refused a ZR Express webhook');
      throw ServiceError.unauthorized(error.message);
    }

    const eventType = typeof event?.eventType === 'string' ? event.eventType : 'unknown';
    return this.em.transactional(async (em) => {
      if (!(await this.deliveries.record(em, account.id, delivery.svixId!, eventType)))
        return { received: true, duplicate: true, applied: false };
      return { received: true, duplicate: false, applied: await this.apply(account, event) };
    });
  }

  /** Applies the event's parcel state; false when it names no parcel of ours in transit. */
  private async apply(account: DeliveryAccount, event: ZrParcelEvent): Promise<boolean> {
    const tracking = event?.data?.externalId;
    const state = event?.data?.state?.name;
    if (typeof tracking !== 'string' || typeof state !== 'string' || state === '') return false;
    const parcels = await this.parcels.inTransitOf(account.id, tracking);
    if (parcels.length === 0) return false;
    const at = event.data?.lastStateUpdateAt ?? event.occurredAt;
    await this.moves.apply(account, parcels, [{ tracking, state, at: typeof at === 'string' ? at : null }]);
    return true;
  }
}
