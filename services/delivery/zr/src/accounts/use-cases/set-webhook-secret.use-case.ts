import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DeliveryZrPatterns,
  type DeliveryAccountView,
  type SetWebhookSecretDto,
} from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, requireOwner, ServiceError } from '@tawsil/nest-common';
import { ACCOUNT_NOT_FOUND } from '../account-owners';
import { AccountSecrets } from '../account-secrets';
import { toAccountView } from '../account.mapper';
import { DeliveryAccountsRepository } from '../delivery-accounts.repository';

/**
 * The owner pastes the secret Yalidine's dashboard shows once the webhook is registered there (at
 * the account's address, so after the account is added): it is sealed and never sent back.
 */
@Injectable()
export class SetWebhookSecretUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly secrets: AccountSecrets,
  ) {}

  async execute(
    actor: Actor,
    input: SetWebhookSecretDto & { accountId: string },
  ): Promise<DeliveryAccountView> {
    const owner = requireOwner(actor, 'manage delivery accounts');
    const account = await this.accounts.findOwned(input.accountId, [owner.userId]);
    if (!account) throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
    if (account.api !== 'yalidine')
      throw ServiceError.badRequest('Only a Yalidine account takes a webhook secret from its owner');
    // The request is remembered by the secret's fingerprint, never by the secret.
    const request = { accountId: input.accountId, secret: this.secrets.fingerprint(input.webhookSecret) };
    return idempotentWrite(this.em, { pattern: DeliveryZrPatterns.setWebhookSecret, request }, async (em) => {
      const updated = await this.accounts.setWebhookSecret(
        em,
        account.id,
        owner.userId,
        this.secrets.sealWebhookSecret(account.id, input.webhookSecret),
      );
      if (!updated) throw ServiceError.notFound(ACCOUNT_NOT_FOUND);
      return toAccountView(updated);
    });
  }
}
