import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  CARRIER_API_COMPANY,
  CARRIER_CREDENTIAL,
  carrierApiOf,
  credentialCharacters,
  DeliveryZrPatterns,
  type AddDeliveryAccountResult,
  type CarrierApi,
  type CreateDeliveryAccountDto,
} from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { CarrierError, type Carrier, type CarrierCredentials } from '../../carrier/carrier';
import { Carriers } from '../../carrier/carriers';
import { StateTables } from '../../states/state-tables';
import { AccountSecrets } from '../account-secrets';
import { AccountWebhooks } from '../account-webhooks';
import { toAccountView } from '../account.mapper';
import { DeliveryAccountsRepository } from '../delivery-accounts.repository';

/**
 * The owner adds a carrier account: the API is chosen by the credentials entered, which are checked
 * with the carrier, sealed, and never sent back. A carrier that pushes parcel states (ZR's current
 * API) gets the account's webhook endpoint registered, and every account its state table.
 */
@Injectable()
export class AddDeliveryAccountUseCase {
  private readonly logger = new Logger(AddDeliveryAccountUseCase.name);

  constructor(
    private readonly em: EntityManager,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
    private readonly webhooks: AccountWebhooks,
    private readonly stateTables: StateTables,
  ) {}

  async execute(actor: Actor, input: CreateDeliveryAccountDto): Promise<AddDeliveryAccountResult> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    const api = carrierApiOf(input);
    if (CARRIER_API_COMPANY[api] !== input.company)
      throw ServiceError.badRequest(`api ${api} is not an API of ${input.company}`);
    if (!this.carriers.supports(api))
      throw ServiceError.badRequest(`The ${api} API cannot be used yet: choose another`);
    const carrier = this.carriers.forApi(api);
    const pasted = credentialsFor(api, input);
    // The gateway checks this too; a credential no HTTP header can carry would read as "unreachable".
    for (const field of ['apiKey', 'apiSecret', 'tenantId'] as const) {
      const value = pasted[field];
      if (value && !CARRIER_CREDENTIAL.test(value))
        throw ServiceError.badRequest(credentialCharacters(field));
    }
    const fingerprints = [pasted.apiKey, pasted.apiSecret]
      .filter((part): part is string => !!part)
      .map((part) => this.secrets.fingerprint(part));
    // The request is remembered by the credentials' fingerprints, never by a hash of the secrets.
    const request = {
      company: input.company,
      api,
      storeName: input.storeName,
      fingerprints,
      webhookSecret: input.webhookSecret ? this.secrets.fingerprint(input.webhookSecret) : null,
    };
    const alreadyAdded = `This ${carrier.displayName} account is already added`;
    return idempotentWrite(this.em, { pattern: DeliveryZrPatterns.addAccount, request }, async (em) => {
      if (await this.accounts.hasFingerprint(em, owner.userId, fingerprints))
        throw ServiceError.conflict(alreadyAdded);
      const credentials = await this.verified(carrier, pasted);
      const id = randomUUID();
      const account = await this.accounts.insert(em, {
        id,
        ownerId: owner.userId,
        company: input.company,
        api,
        storeName: input.storeName,
        fromWilaya: api === 'yalidine' ? (input.fromWilaya ?? null) : null,
        ...this.secrets.seal(id, credentials),
        // Yalidine's webhooks are registered in its dashboard, which shows the secret to paste here.
        webhookSecret:
          api === 'yalidine' && input.webhookSecret
            ? this.secrets.sealWebhookSecret(id, input.webhookSecret)
            : null,
      });
      if (!account) throw ServiceError.conflict(alreadyAdded);
      // ZR's current API pushes parcel states to us; tracking still reads them if it cannot.
      await this.webhooks.register(em, account, credentials);
      // The carrier's states from its workflows, or the product's lists until it can be asked.
      await this.stateTables.load(em, account, credentials);
      return {
        message: `${carrier.displayName} account "${account.storeName}" added`,
        account: toAccountView(account),
      };
    });
  }

  /** The credentials as the carrier accepts them: as pasted, or with key and secret swapped (a common slip). */
  private async verified(carrier: Carrier, pasted: CarrierCredentials): Promise<CarrierCredentials> {
    const attempts = pasted.apiSecret
      ? [pasted, { ...pasted, apiKey: pasted.apiSecret, apiSecret: pasted.apiKey }]
      : [pasted];
    try {
      for (const credentials of attempts) if (await carrier.checkCredentials(credentials)) return credentials;
    } catch (error) {
      if (error instanceof CarrierError) {
        // The reason names the carrier's path or our own Redis (its rate limit), never a credential.
        this.logger.warn({ carrier: carrier.displayName, reason: error.message }, 'Credentials not checked');
        throw ServiceError.badGateway(
          `${carrier.displayName} could not be reached to check these credentials, try again shortly`,
        );
      }
      throw error;
    }
    throw ServiceError.badRequest(
      `${carrier.displayName} refused these credentials: copy them again from your ${carrier.displayName} account`,
    );
  }
}

/** Only the fields the API uses are kept. */
function credentialsFor(api: CarrierApi, input: CreateDeliveryAccountDto): CarrierCredentials {
  if (api === 'zr-current') return { apiKey: input.apiKey, tenantId: input.tenantId ?? '' };
  return { apiKey: input.apiKey, apiSecret: input.apiSecret ?? '' };
}
