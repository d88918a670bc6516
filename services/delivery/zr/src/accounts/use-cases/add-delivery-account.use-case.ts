import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  DeliveryZrPatterns,
  type AddDeliveryAccountResult,
  type CreateDeliveryAccountDto,
} from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { CARRIER, CarrierError, type Carrier, type CarrierCredentials } from '../../carrier/carrier';
import { AccountSecrets } from '../account-secrets';
import { toAccountView } from '../account.mapper';
import { DeliveryAccountsRepository } from '../delivery-accounts.repository';

const ALREADY_ADDED = 'This ZR Express account is already added';

/** The owner adds a ZR Express account: checked with ZR, sealed, never sent back. */
@Injectable()
export class AddDeliveryAccountUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly secrets: AccountSecrets,
    @Inject(CARRIER) private readonly carrier: Carrier,
  ) {}

  async execute(actor: Actor, input: CreateDeliveryAccountDto): Promise<AddDeliveryAccountResult> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    const fingerprints = [this.secrets.fingerprint(input.apiKey), this.secrets.fingerprint(input.apiSecret)];
    // The request is remembered by the credentials' fingerprints, never by a hash of the secrets.
    const request = { company: input.company, storeName: input.storeName, fingerprints };
    return idempotentWrite(this.em, { pattern: DeliveryZrPatterns.addAccount, request }, async (em) => {
      if (await this.accounts.hasFingerprint(em, owner.userId, fingerprints))
        throw ServiceError.conflict(ALREADY_ADDED);
      const credentials = await this.verified({ apiKey: input.apiKey, apiSecret: input.apiSecret });
      const id = randomUUID();
      const account = await this.accounts.insert(em, {
        id,
        ownerId: owner.userId,
        company: input.company,
        storeName: input.storeName,
        ...this.secrets.seal(id, credentials),
      });
      if (!account) throw ServiceError.conflict(ALREADY_ADDED);
      return { message: `ZR Express account "${account.storeName}" added`, account: toAccountView(account) };
    });
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
