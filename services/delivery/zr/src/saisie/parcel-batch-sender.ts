import { Inject, Injectable } from '@nestjs/common';
import { AccountSecrets } from '../accounts/account-secrets';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { CARRIER, type Carrier } from '../carrier/carrier';
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
    @Inject(CARRIER) private readonly carrier: Carrier,
  ) {}

  /** Batches of one account each, at most the carrier's batch size. */
  *batches(sendable: Sendable[]): Generator<Sendable[]> {
    const byAccount = new Map<string, Sendable[]>();
    for (const plan of sendable)
      byAccount.set(plan.accountId, [...(byAccount.get(plan.accountId) ?? []), plan]);
    for (const plans of byAccount.values())
      for (let start = 0; start < plans.length; start += this.carrier.batchLimit)
        yield plans.slice(start, start + this.carrier.batchLimit);
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
              ? `Already sent to ZR Express (tracking ${claim.tracking})`
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
      const results = await this.sender.send(
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
