import { Injectable } from '@nestjs/common';
import { AccountSecrets } from '../accounts/account-secrets';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { Carriers } from '../carrier/carriers';
import { ParcelClaimsRepository, type ClaimRow, type Outcome } from './parcel-claims.repository';
import type { Sendable } from './parcel-planner';
import { ParcelSender } from './parcel-sender';
import type { SaisieJob } from './saisie-job.entity';

/**
 * One batch of a saisie: claims its orders, sends those this saisie holds through ParcelSender,
 * and records every order's outcome (with the claims settled) in one transaction.
 */
@Injectable()
export class ParcelBatchSender {
  constructor(
    private readonly claims: ParcelClaimsRepository,
    private readonly sender: ParcelSender,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
  ) {}

  /** Batches of one account each, at most its carrier's batch size. */
  *batches(sendable: Sendable[], accounts: DeliveryAccount[]): Generator<Sendable[]> {
    const byAccount = new Map<string, Sendable[]>();
    for (const plan of sendable)
      byAccount.set(plan.accountId, [...(byAccount.get(plan.accountId) ?? []), plan]);
    for (const [accountId, plans] of byAccount) {
      const account = accounts.find((candidate) => candidate.id === accountId);
      const size = account ? this.carriers.for(account).batchLimit : plans.length;
      for (let start = 0; start < plans.length; start += size) yield plans.slice(start, start + size);
    }
  }

  async send(saisie: SaisieJob, batch: Sendable[], accounts: DeliveryAccount[]): Promise<void> {
    const claims = await this.claims.claim(
      saisie.id,
      saisie.ownerId,
      batch.map((plan) => ({
        orderId: plan.orderId,
        tracking: plan.request.tracking,
        accountId: plan.accountId,
      })),
    );
    const outcomes: Outcome[] = [];
    const mine = new Map<string, ClaimRow[]>();
    for (const claim of claims) {
      if (claim.job_id !== saisie.id) {
        outcomes.push({
          orderId: claim.order_id,
          sent: false,
          reason:
            claim.state === 'created'
              ? `Already sent for delivery (tracking ${claim.tracking})`
              : 'Already being sent by another saisie',
        });
      } else if (claim.state === 'created') {
        outcomes.push({ orderId: claim.order_id, sent: true });
      } else {
        mine.set(claim.account_id, [...(mine.get(claim.account_id) ?? []), claim]);
      }
    }
    const requests = new Map(batch.map((plan) => [plan.orderId, plan.request]));
    for (const [accountId, accountClaims] of mine) {
      const account = accounts.find((candidate) => candidate.id === accountId);
      if (!account) {
        for (const claim of accountClaims)
          outcomes.push({ orderId: claim.order_id, sent: false, reason: 'Its delivery account was removed' });
        continue;
      }
      const carrier = this.carriers.for(account);
      const results = await this.sender.send(
        carrier,
        this.secrets.open(account),
        accountClaims.map((claim) => requests.get(claim.order_id)!),
        new Set(accountClaims.filter((claim) => !claim.fresh).map((claim) => claim.tracking)),
      );
      for (const claim of accountClaims) {
        const result = results.get(claim.tracking)!;
        outcomes.push(
          result.created
            ? { orderId: claim.order_id, sent: true }
            : { orderId: claim.order_id, sent: false, reason: result.reason },
        );
      }
    }
    await this.claims.record(saisie.id, outcomes);
  }
}
