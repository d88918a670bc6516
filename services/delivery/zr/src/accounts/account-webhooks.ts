import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { CARRIER_APIS } from '@tawsil/contracts/delivery-zr';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { countRepaired } from '@tawsil/nest-common';
import type { CarrierCredentials, RegisteredWebhook } from '../carrier/carrier';
import { Carriers } from '../carrier/carriers';
import { DeliveryZrConfig } from '../config/delivery-zr.config';
import { AccountSecrets } from './account-secrets';
import type { DeliveryAccount } from './delivery-account.entity';
import { DeliveryAccountsRepository } from './delivery-accounts.repository';

/** Where the gateway receives an account's webhooks (services/gateway/src/webhooks/zr-webhook.route.ts). */
export const zrWebhookPath = (accountId: string) => `/api/webhooks/zr/${accountId}`;

/**
 * An account's webhook endpoint at its carrier, for carriers that push parcel states (ZR's current
 * API). Registering is best effort: when the carrier cannot, tracking reads the account's parcels
 * as it reads every other account's, the account is added all the same, and the hourly
 * `zr-webhook-endpoints` sweep tries again (as it does after a change of PUBLIC_URL).
 */
@Injectable()
export class AccountWebhooks {
  private readonly logger = new Logger(AccountWebhooks.name);

  constructor(
    private readonly em: EntityManager,
    private readonly config: DeliveryZrConfig,
    private readonly carriers: Carriers,
    private readonly secrets: AccountSecrets,
    private readonly accounts: DeliveryAccountsRepository,
  ) {}

  urlOf(accountId: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${zrWebhookPath(accountId)}`;
  }

  /** Registers a new account's endpoint and keeps its signing secret sealed, in the caller's transaction. */
  async register(
    em: EntityManager,
    account: Pick<DeliveryAccount, 'id' | 'api'>,
    credentials: CarrierCredentials,
  ): Promise<boolean> {
    const registered = await this.registerAtCarrier(account, credentials);
    if (!registered) return false;
    return this.accounts.setWebhook(em, account.id, this.recordOf(account.id, registered));
  }

  /**
   * The sweep: every account of a carrier with webhooks whose endpoint is missing (ZR was away when
   * it was added, or it was added before webhooks) or registered at another address gets one at
   * the current address; the endpoint it replaces is removed once the new one is recorded.
   */
  async renewOutdated(): Promise<{ accounts: number; renewed: number; failed: number }> {
    const apis = CARRIER_APIS.filter(
      (api) => this.carriers.supports(api) && this.carriers.forApi(api).webhooks,
    );
    const outdated = (
      await Promise.all(apis.map((api) => this.accounts.withOutdatedWebhook(api, (id) => this.urlOf(id))))
    ).flat();
    let renewed = 0;
    let failed = 0;
    for (const account of outdated) {
      const registered = await this.registerAtCarrier(account, this.secrets.open(account));
      if (!registered) {
        failed += 1;
        continue;
      }
      const recorded = await this.em.transactional((em) =>
        this.accounts.setWebhook(
          em,
          account.id,
          this.recordOf(account.id, registered),
          account.webhookEndpointId,
        ),
      );
      // Another replica renewed it meanwhile: the endpoint just made is the one left over.
      const leftOver = recorded ? account.webhookEndpointId : registered.endpointId;
      if (leftOver) await this.removeEndpoint(account, leftOver);
      if (recorded) renewed += 1;
    }
    countRepaired(RepairSweeps.zrWebhookEndpoints, renewed);
    if (outdated.length)
      this.logger.log({ outdated: outdated.length, renewed, failed }, 'Webhook endpoints renewed');
    return { accounts: outdated.length, renewed, failed };
  }

  /** Removes the endpoint of an account that is going away; a carrier that fails to is only logged. */
  async remove(account: DeliveryAccount): Promise<void> {
    if (account.webhookEndpointId) await this.removeEndpoint(account, account.webhookEndpointId);
  }

  private async registerAtCarrier(
    account: Pick<DeliveryAccount, 'id' | 'api'>,
    credentials: CarrierCredentials,
  ): Promise<RegisteredWebhook | undefined> {
    const webhooks = this.carriers.forApi(account.api).webhooks;
    if (!webhooks) return undefined;
    try {
      return await webhooks.register(credentials, this.urlOf(account.id));
    } catch (error) {
      this.logger.warn(
        { accountId: account.id, reason: (error as Error).message },
        'Could not register the webhook endpoint: parcel states will be read by tracking only',
      );
      return undefined;
    }
  }

  private recordOf(accountId: string, registered: RegisteredWebhook) {
    return {
      endpointId: registered.endpointId,
      url: this.urlOf(accountId),
      sealedSecret: this.secrets.sealWebhookSecret(accountId, registered.secret),
    };
  }

  private async removeEndpoint(account: DeliveryAccount, endpointId: string): Promise<void> {
    const webhooks = this.carriers.forApi(account.api).webhooks;
    if (!webhooks) return;
    try {
      await webhooks.remove(this.secrets.open(account), endpointId);
    } catch (error) {
      this.logger.warn(
        { accountId: account.id, reason: (error as Error).message },
        'Could not remove a webhook endpoint no longer used',
      );
    }
  }
}
