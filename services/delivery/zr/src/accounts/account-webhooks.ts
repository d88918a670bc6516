import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { CarrierCredentials } from '../carrier/carrier';
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
 * as it reads every other account's, and the account is added all the same.
 */
@Injectable()
export class AccountWebhooks {
  private readonly logger = new Logger(AccountWebhooks.name);

  constructor(
    private readonly config: DeliveryZrConfig,
    private readonly carriers: Carriers,
    private readonly secrets: AccountSecrets,
    private readonly accounts: DeliveryAccountsRepository,
  ) {}

  urlOf(accountId: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${zrWebhookPath(accountId)}`;
  }

  /** Registers the account's endpoint and keeps its signing secret sealed, in the caller's transaction. */
  async register(
    em: EntityManager,
    account: Pick<DeliveryAccount, 'id' | 'api'>,
    credentials: CarrierCredentials,
  ): Promise<boolean> {
    const webhooks = this.carriers.forApi(account.api).webhooks;
    if (!webhooks) return false;
    let registered;
    try {
      registered = await webhooks.register(credentials, this.urlOf(account.id));
    } catch (error) {
      this.logger.warn(
        { accountId: account.id, reason: (error as Error).message },
        'Could not register the webhook endpoint: parcel states will be read by tracking only',
      );
      return false;
    }
    await this.accounts.setWebhook(em, account.id, {
      endpointId: registered.endpointId,
      sealedSecret: this.secrets.sealWebhookSecret(account.id, registered.secret),
    });
    return true;
  }

  /** Removes the endpoint of an account that is going away; a carrier that fails to is only logged. */
  async remove(account: DeliveryAccount): Promise<void> {
    const webhooks = this.carriers.forApi(account.api).webhooks;
    if (!webhooks || !account.webhookEndpointId) return;
    try {
      await webhooks.remove(this.secrets.open(account), account.webhookEndpointId);
    } catch (error) {
      this.logger.warn(
        { accountId: account.id, reason: (error as Error).message },
        'Could not remove the webhook endpoint of a removed account',
      );
    }
  }
}
