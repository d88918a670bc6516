import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  DeliveryZrPatterns,
  type AddDeliveryAccountResult,
  type CreateDeliveryAccountDto,
  type DeliveryAccountRef,
  type DeliveryAccountView,
  type DeliveryChoiceCheck,
} from '@tawsil/contracts/delivery-zr';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner, RpcCaller, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { CARRIER, CarrierError, type Carrier, type CarrierCredentials } from '../carrier/carrier';
import { TariffsService } from '../tariffs/tariffs.service';
import { AccountOwners } from './account-owners';
import { AccountSecrets } from './account-secrets';
import { toAccountRef, toAccountView } from './account.mapper';
import { DeliveryAccount } from './delivery-account.entity';

export const ACCOUNT_NOT_FOUND = 'Delivery account not found';
const ALREADY_ADDED = 'This ZR Express account is already added';

@Injectable()
export class DeliveryAccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: AccountSecrets,
    private readonly owners: AccountOwners,
    private readonly tariffs: TariffsService,
    private readonly rpc: RpcCaller,
    @Inject(CARRIER) private readonly carrier: Carrier,
  ) {}

  async list(actor: Actor): Promise<DeliveryAccountView[]> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    const accounts = await this.em
      .fork()
      .find(DeliveryAccount, { ownerId: owner.userId }, { orderBy: { createdAt: 'asc' } });
    return accounts.map(toAccountView);
  }

  async add(actor: Actor, input: CreateDeliveryAccountDto): Promise<AddDeliveryAccountResult> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    const fingerprints = [this.secrets.fingerprint(input.apiKey), this.secrets.fingerprint(input.apiSecret)];
    // The request is remembered by the credentials' fingerprints, never by a hash of the secrets.
    const request = { company: input.company, storeName: input.storeName, fingerprints };
    return idempotentWrite(this.em, { pattern: DeliveryZrPatterns.addAccount, request }, async (em) => {
      if (await em.count(DeliveryAccount, { ownerId: owner.userId, keyFingerprint: { $in: fingerprints } }))
        throw ServiceError.conflict(ALREADY_ADDED);
      const credentials = await this.verified({ apiKey: input.apiKey, apiSecret: input.apiSecret });
      const id = randomUUID();
      const account = em.create(DeliveryAccount, {
        id,
        ownerId: owner.userId,
        company: input.company,
        storeName: input.storeName,
        ...this.secrets.seal(id, credentials),
      });
      try {
        await em.flush();
      } catch (error) {
        if (error instanceof UniqueConstraintViolationException) throw ServiceError.conflict(ALREADY_ADDED);
        throw error;
      }
      return { message: `ZR Express account "${account.storeName}" added`, account: toAccountView(account) };
    });
  }

  async remove(actor: Actor, input: { accountId: string }): Promise<{ deletedId: string }> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    return idempotentWrite(
      this.em,
      { pattern: DeliveryZrPatterns.removeAccount, request: input },
      async (em) => {
        const deleted = await em.nativeDelete(DeliveryAccount, {
          id: input.accountId,
          ownerId: owner.userId,
        });
        if (deleted === 0) throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
        return { deletedId: input.accountId };
      },
    );
  }

  /** The accounts an order may ship with: those of its store's owner. */
  async forOrder(caller: Actor, input: { orderId: string }): Promise<DeliveryAccountView[]> {
    const [order] = await this.rpc.call(
      OrdersPatterns.shippingDetails,
      { orderIds: [input.orderId] },
      caller,
    );
    if (!order) throw ServiceError.notFound('Order not found');
    const ownerId = await this.owners.ownerOfStore(order.storeId);
    if (!ownerId) return [];
    const accounts = await this.em
      .fork()
      .find(DeliveryAccount, { ownerId }, { orderBy: { createdAt: 'asc' } });
    return accounts.map(toAccountView);
  }

  /** An account the caller works with: its own, or its stores' owners'. */
  async reachable(caller: Actor, accountId: string): Promise<DeliveryAccount> {
    const owners = await this.owners.reachableBy(caller);
    const account = await this.em
      .fork()
      .findOne(DeliveryAccount, { id: accountId, ownerId: { $in: owners } });
    if (!account) throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
    return account;
  }

  /**
   * Before orders saves a delivery choice: the account must be the store owner's, and its tariffs
   * must offer the delivery type in the wilaya (when ZR cannot be asked, the choice is let through;
   * saisie will hear ZR's own answer).
   */
  async checkChoice(input: DeliveryChoiceCheck): Promise<DeliveryAccountRef> {
    const ownerId = await this.owners.ownerOfStore(input.storeId);
    const account = ownerId
      ? await this.em.fork().findOne(DeliveryAccount, { id: input.accountId, ownerId })
      : null;
    if (!account)
      throw ServiceError.badRequest("deliveryAccount is not one of this store owner's delivery accounts");
    const entries = await this.tariffs.forAccount(account).catch(() => []);
    const tariff = entries.find((entry) => entry.IDWilaya === input.wilaya);
    if (tariff && input.isStopDesk && tariff.Stopdesk === '0')
      throw ServiceError.badRequest('Stop Desk not available for this wilaya');
    if (tariff && !input.isStopDesk && tariff.Domicile === '0')
      throw ServiceError.badRequest('Domicile not available for this wilaya');
    return toAccountRef(account);
  }

  /** The credentials as ZR accepts them: as pasted, or with key and secret swapped (a common slip). */
  private async verified(pasted: CarrierCredentials): Promise<CarrierCredentials> {
    const swapped = { apiKey: pasted.apiSecret, apiSecret: pasted.apiKey };
    try {
      if (await this.carrier.checkCredentials(pasted)) return pasted;
      if (await this.carrier.checkCredentials(swapped)) return swapped;
    } catch (error) {
      if (error instanceof CarrierError)
        throw ServiceError.badGateway(
          'ZR Express could not be reached to check these credentials, try again shortly',
        );
      throw error;
    }
    throw ServiceError.badRequest(
      'ZR Express refused this API key and secret: copy them again from your ZR Express account',
    );
  }
}
