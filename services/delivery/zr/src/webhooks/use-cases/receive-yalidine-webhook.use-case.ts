import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { YalidineWebhookDelivery, YalidineWebhookReceipt } from '@tawsil/contracts/delivery-zr';
import { ServiceError } from '@tawsil/nest-common';
import { AccountSecrets } from '../../accounts/account-secrets';
import type { DeliveryAccount } from '../../accounts/delivery-account.entity';
import { DeliveryAccountsRepository } from '../../accounts/delivery-accounts.repository';
import { ParcelMoves } from '../../tracking/parcel-moves';
import { ParcelsInTransitRepository } from '../../tracking/parcels-in-transit.repository';
import { WebhookDeliveriesRepository } from '../webhook-deliveries.repository';
import { verifyYalidineSignature, YalidineSignatureRefusal } from '../yalidine-signature';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const UNKNOWN_YALIDINE_ACCOUNT = 'Unknown delivery account: no Yalidine account has this address';
export const NO_YALIDINE_SECRET =
  "No webhook secret is set for this Yalidine account: paste the one Yalidine's dashboard shows";

/** What Yalidine sends (shared/external-apis.md D): events of one type, batched. */
interface YalidineBatch {
  type?: unknown;
  events?: unknown;
}

interface YalidineEvent {
  event_id?: unknown;
  occurred_at?: unknown;
  /** For `parcel_status_updated`: the history line (`tracking`, `status`, `date_status`…) and `order_id`. */
  data?: { order_id?: unknown; status?: unknown; date_status?: unknown } | null;
}

/** Yalidine's account for a public address: only a Yalidine account answers, anything else is unknown. */
@Injectable()
export class YalidineWebhookAccounts {
  constructor(private readonly accounts: DeliveryAccountsRepository) {}

  async find(accountId: string): Promise<DeliveryAccount> {
    const account = UUID.test(accountId) ? await this.accounts.findById(accountId) : null;
    if (!account || account.api !== 'yalidine') throw ServiceError.notFound(UNKNOWN_YALIDINE_ACCOUNT);
    return account;
  }
}

/**
 * A batch of Yalidine's webhook events: the account named by the address, `X-YALIDINE-SIGNATURE`
 * checked on the body's bytes with the secret its owner pasted, each `event_id` recorded once per
 * account, and each `parcel_status_updated` applied through ParcelMoves, as tracking applies what it
 * reads. Other event types are acknowledged and ignored. The records and the states are one
 * transaction with the answer: a batch that fails is retried by Yalidine whole.
 */
@Injectable()
export class ReceiveYalidineWebhookUseCase {
  private readonly logger = new Logger(ReceiveYalidineWebhookUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly webhookAccounts: YalidineWebhookAccounts,
    private readonly secrets: AccountSecrets,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly parcels: ParcelsInTransitRepository,
    private readonly moves: ParcelMoves,
  ) {}

  /** The `crc_token` check Yalidine makes before keeping (and from time to time) a webhook. */
  async handshake(accountId: string): Promise<{ accountId: string }> {
    return { accountId: (await this.webhookAccounts.find(accountId)).id };
  }

  async execute(delivery: YalidineWebhookDelivery): Promise<YalidineWebhookReceipt> {
    const account = await this.webhookAccounts.find(delivery.accountId);
    const secret = this.secrets.openWebhookSecret(account);
    if (!secret) {
      this.logger.warn({ accountId: account.id }, 'Refused a Yalidine webhook: no secret is set');
      throw ServiceError.unauthorized(NO_YALIDINE_SECRET);
    }
    const body = Buffer.from(delivery.bodyBase64, 'base64');
    try {
      verifyYalidineSignature(secret, body, delivery.signature);
    } catch (error) {
      if (!(error instanceof YalidineSignatureRefusal)) throw error;
      this.logger.warn({ accountId: account.id, reason: error.message }, 'Refused a Yalidine webhook');
      throw ServiceError.unauthorized(error.message);
    }

    let batch: YalidineBatch;
    try {
      batch = JSON.parse(body.toString('utf8')) as YalidineBatch;
    } catch {
      throw ServiceError.badRequest('The webhook body is not JSON');
    }
    const type = typeof batch?.type === 'string' ? batch.type : 'unknown';
    const events = (Array.isArray(batch?.events) ? batch.events : []) as YalidineEvent[];
    return this.em.transactional(async (em) => {
      let duplicates = 0;
      let applied = 0;
      for (const event of events) {
        const eventId = typeof event?.event_id === 'string' ? event.event_id : undefined;
        if (!eventId) continue;
        if (!(await this.deliveries.record(em, account.id, eventId, type))) {
          duplicates += 1;
          continue;
        }
        if (type === 'parcel_status_updated' && (await this.apply(account, event))) applied += 1;
      }
      return { received: true, events: events.length, duplicates, applied };
    });
  }

  /** Applies the event's status; false when it names no parcel of ours in transit. */
  private async apply(account: DeliveryAccount, event: YalidineEvent): Promise<boolean> {
    // Our tracking is Yalidine's `order_id` (yalidine.carrier.ts).
    const tracking = event.data?.order_id;
    const state = event.data?.status;
    if (typeof tracking !== 'string' || typeof state !== 'string' || state === '') return false;
    const parcels = await this.parcels.inTransitOf(account.id, tracking);
    if (parcels.length === 0) return false;
    const at = event.data?.date_status ?? event.occurred_at;
    await this.moves.apply(account, parcels, [{ tracking, state, at: typeof at === 'string' ? at : null }]);
    return true;
  }
}
