import { UniqueConstraintViolationException, type RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DeliveryAccount } from './delivery-account.entity';

/** The `delivery_zr.accounts` table; writes take the caller's transaction. */
@Injectable()
export class DeliveryAccountsRepository {
  constructor(private readonly em: EntityManager) {}

  /** An owner's accounts, oldest first (the order the screen lists them). */
  listByOwner(ownerId: string): Promise<DeliveryAccount[]> {
    return this.em.fork().find(DeliveryAccount, { ownerId }, { orderBy: { createdAt: 'asc' } });
  }

  /** The account, when one of `ownerIds` owns it. */
  findOwned(accountId: string, ownerIds: string[]): Promise<DeliveryAccount | null> {
    return this.em.fork().findOne(DeliveryAccount, { id: accountId, ownerId: { $in: ownerIds } });
  }

  /** Those of the accounts the owner owns. */
  findOwnedByIds(accountIds: string[], ownerId: string): Promise<DeliveryAccount[]> {
    return this.em.fork().find(DeliveryAccount, { id: { $in: accountIds }, ownerId });
  }

  /** Any owner's accounts: for the sweeps and webhooks, never for an answer to a caller. */
  findByIds(accountIds: string[]): Promise<DeliveryAccount[]> {
    return this.em.fork().find(DeliveryAccount, { id: { $in: accountIds } });
  }

  findById(accountId: string): Promise<DeliveryAccount | null> {
    return this.em.fork().findOne(DeliveryAccount, { id: accountId });
  }

  /** Accounts of `api` whose webhook endpoint is not registered at `urlOf(id)`. */
  async withOutdatedWebhook(
    api: DeliveryAccount['api'],
    urlOf: (id: string) => string,
  ): Promise<DeliveryAccount[]> {
    const accounts = await this.em.fork().find(DeliveryAccount, { api });
    return accounts.filter(
      (account) => !account.webhookEndpointId || account.webhookUrl !== urlOf(account.id),
    );
  }

  /**
   * Records the account's webhook endpoint (its secret already sealed), only if the account still
   * has the endpoint `previousEndpointId` (null: none): a concurrent renewal makes this answer false.
   */
  async setWebhook(
    em: EntityManager,
    accountId: string,
    webhook: { endpointId: string; url: string; sealedSecret: string },
    previousEndpointId: string | null = null,
  ): Promise<boolean> {
    const updated = await em.nativeUpdate(
      DeliveryAccount,
      { id: accountId, webhookEndpointId: previousEndpointId },
      { webhookEndpointId: webhook.endpointId, webhookUrl: webhook.url, webhookSecret: webhook.sealedSecret },
    );
    return updated > 0;
  }

  /** Sets the owner's account's sealed webhook secret; undefined when the owner has no such account. */
  async setWebhookSecret(
    em: EntityManager,
    accountId: string,
    ownerId: string,
    sealedSecret: string,
  ): Promise<DeliveryAccount | undefined> {
    const account = await em.findOne(DeliveryAccount, { id: accountId, ownerId });
    if (!account) return undefined;
    account.webhookSecret = sealedSecret;
    await em.flush();
    return account;
  }

  async hasFingerprint(em: EntityManager, ownerId: string, fingerprints: string[]): Promise<boolean> {
    return (await em.count(DeliveryAccount, { ownerId, keyFingerprint: { $in: fingerprints } })) > 0;
  }

  /** Inserts the account; answers undefined when the owner already has its key (the unique index). */
  async insert(
    em: EntityManager,
    data: RequiredEntityData<DeliveryAccount>,
  ): Promise<DeliveryAccount | undefined> {
    const account = em.create(DeliveryAccount, data);
    try {
      await em.flush();
      return account;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return undefined;
      throw error;
    }
  }

  /** Deletes the owner's account; answers whether there was one. */
  async deleteOwned(em: EntityManager, accountId: string, ownerId: string): Promise<boolean> {
    return (await em.nativeDelete(DeliveryAccount, { id: accountId, ownerId })) > 0;
  }
}
