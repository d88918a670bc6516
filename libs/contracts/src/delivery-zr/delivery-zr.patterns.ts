import type { DeletedId } from '../http';
import { rpcPattern } from '../rpc';
import type { OrderIdsDto } from '../orders/order.dto';
import type { CreateDeliveryAccountDto, SetWebhookSecretDto } from './delivery-account.dto';
import type { LabelsPdf, LabelsRequestDto } from './labels.dto';
import type { AccountStatesView, SetAccountStatesDto } from './state-table.dto';
import type {
  AddDeliveryAccountResult,
  DeliveryAccountRef,
  DeliveryAccountView,
  DeliveryChoiceChecked,
  SaisieJobView,
  SaisieStarted,
  StopDeskEntry,
  TariffEntry,
} from './views';

/** Asked by orders before it saves a delivery choice: may this store ship with this account there? */
export interface DeliveryChoiceCheck {
  storeId: string;
  accountId: string;
  wilaya: number;
  isStopDesk: boolean;
  /** The stop desk chosen, as the form or the client wrote it: checked against the account's desks. */
  desk?: string;
}

/**
 * A ZR Express webhook delivery as the gateway received it at `/api/webhooks/zr/<accountId>`: the
 * body's bytes (base64, so the signature is checked on exactly what arrived) and Svix's headers.
 * Nothing secret: the signing secret stays in delivery-zr.
 */
export interface ZrWebhookDelivery {
  accountId: string;
  bodyBase64: string;
  svixId?: string;
  svixTimestamp?: string;
  svixSignature?: string;
}

export interface ZrWebhookReceipt {
  received: true;
  /** The same `svix-id` was received before: nothing was done again. */
  duplicate: boolean;
  /** The event named a parcel in transit, whose state was applied (else polling reads it). */
  applied: boolean;
}

/**
 * A batch of Yalidine webhook events as the gateway received it at `/api/webhooks/yalidine/<accountId>`:
 * the body's bytes (base64) and `X-YALIDINE-SIGNATURE`. The secret the owner pasted stays in delivery-zr.
 */
export interface YalidineWebhookDelivery {
  accountId: string;
  bodyBase64: string;
  signature?: string;
}

export interface YalidineWebhookReceipt {
  received: true;
  /** Events in the batch. */
  events: number;
  /** Events whose `event_id` was received before: nothing was done again. */
  duplicates: number;
  /** `parcel_status_updated` events that named a parcel in transit, whose state was applied. */
  applied: number;
}

export const DeliveryZrPatterns = {
  listAccounts: rpcPattern<void, DeliveryAccountView[]>('delivery-zr', 'delivery-zr.account.list.v1'),
  addAccount: rpcPattern<CreateDeliveryAccountDto, AddDeliveryAccountResult>(
    'delivery-zr',
    'delivery-zr.account.add.v1',
  ),
  removeAccount: rpcPattern<{ accountId: string }, DeletedId>('delivery-zr', 'delivery-zr.account.remove.v1'),
  /** The owner pastes (or replaces) the webhook secret Yalidine's dashboard shows for the account. */
  setWebhookSecret: rpcPattern<SetWebhookSecretDto & { accountId: string }, DeliveryAccountView>(
    'delivery-zr',
    'delivery-zr.account.webhook-secret.set.v1',
  ),
  /** The accounts an order may ship with: its store owner's. */
  accountsForOrder: rpcPattern<{ orderId: string }, DeliveryAccountView[]>(
    'delivery-zr',
    'delivery-zr.account.for-order.v1',
  ),
  /** The account's table from the carrier's states to the product's statuses (owner only). */
  accountStates: rpcPattern<{ accountId: string }, AccountStatesView>(
    'delivery-zr',
    'delivery-zr.account.states.get.v1',
  ),
  setAccountStates: rpcPattern<SetAccountStatesDto & { accountId: string }, AccountStatesView>(
    'delivery-zr',
    'delivery-zr.account.states.set.v1',
  ),
  /** Every state back to the product's default; the carrier's workflows are read again. */
  resetAccountStates: rpcPattern<{ accountId: string }, AccountStatesView>(
    'delivery-zr',
    'delivery-zr.account.states.reset.v1',
  ),
  tariffs: rpcPattern<{ accountId: string }, TariffEntry[]>('delivery-zr', 'delivery-zr.tariff.list.v1'),
  /** The account's stop desks, from its carrier (ZR's hubs, Yalidine's centers, procolis' list). */
  desks: rpcPattern<{ accountId: string }, StopDeskEntry[]>('delivery-zr', 'delivery-zr.desk.list.v1'),
  /** Kept for an orders instance of the previous release during a rolling deploy: the account only. */
  checkDeliveryChoiceV1: rpcPattern<DeliveryChoiceCheck, DeliveryAccountRef>(
    'delivery-zr',
    'delivery-zr.delivery.check.v1',
  ),
  /** The account, and the stop desk in the carrier's own name. */
  checkDeliveryChoice: rpcPattern<DeliveryChoiceCheck, DeliveryChoiceChecked>(
    'delivery-zr',
    'delivery-zr.delivery.check.v2',
  ),
  startSaisie: rpcPattern<OrderIdsDto, SaisieStarted>('delivery-zr', 'delivery-zr.saisie.start.v1'),
  saisieStatus: rpcPattern<{ jobId: string }, SaisieJobView>('delivery-zr', 'delivery-zr.saisie.status.v1'),
  /** The carriers' labels of the owner's parcels, merged into one PDF. */
  labels: rpcPattern<LabelsRequestDto, LabelsPdf>('delivery-zr', 'delivery-zr.labels.print.v1'),
  /** ZR Express pushes a parcel's state (public: the Svix signature, checked here, is the proof). */
  receiveWebhook: rpcPattern<ZrWebhookDelivery, ZrWebhookReceipt>(
    'delivery-zr',
    'delivery-zr.webhook.receive.v1',
    { public: true },
  ),
  /** Yalidine's `crc_token` check: answers only for a Yalidine account (public: it reveals nothing else). */
  yalidineWebhookHandshake: rpcPattern<{ accountId: string }, { accountId: string }>(
    'delivery-zr',
    'delivery-zr.yalidine-webhook.handshake.v1',
    { public: true },
  ),
  /** Yalidine pushes a batch of parcel events (public: the signature, checked here, is the proof). */
  receiveYalidineWebhook: rpcPattern<YalidineWebhookDelivery, YalidineWebhookReceipt>(
    'delivery-zr',
    'delivery-zr.yalidine-webhook.receive.v1',
    { public: true },
  ),
};
