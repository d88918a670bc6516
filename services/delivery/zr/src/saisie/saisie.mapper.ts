import type { FailedOrder, SaisieAccountSummary, SaisieJobView } from '@tawsil/contracts/delivery-zr';
import type { SaisieOutcomeRow } from './parcel-claims.repository';
import { codedReason } from './saisie-reason';
import type { SaisieJob } from './saisie-job.entity';

/** What requireOwner names when an agent asks: saisie is the owners'. */
export const SAISIE_OWNER_ONLY = 'send orders to ZR Express';

/** The saisie as the screen polls it: progress counts the orders decided so far. */
export const toSaisieJobView = (saisie: SaisieJob, outcomes: SaisieOutcomeRow[]): SaisieJobView => ({
  jobId: saisie.id,
  state: saisie.state,
  progress: { done: outcomes.length, total: saisie.orderIds.length },
  successfullOrders: outcomes.filter((outcome) => outcome.sent).map((outcome) => outcome.order_id),
  failedOrders: outcomes.filter((outcome) => !outcome.sent).map(toFailedOrder),
  byAccount: byAccount(outcomes),
});

/** The orders sent and not sent per account, in the order the accounts first come; then those refused before any. */
function byAccount(outcomes: SaisieOutcomeRow[]): SaisieAccountSummary[] {
  const groups = new Map<string | null, SaisieAccountSummary>();
  for (const outcome of outcomes) {
    let group = groups.get(outcome.account_id);
    if (!group) {
      const account =
        outcome.account_id && outcome.company
          ? { _id: outcome.account_id, company: outcome.company, storeName: outcome.store_name ?? '' }
          : null;
      group = { account, sent: 0, failed: 0 };
      groups.set(outcome.account_id, group);
    }
    if (outcome.sent) group.sent++;
    else group.failed++;
  }
  const refusedBeforeAny = groups.get(null);
  groups.delete(null);
  return refusedBeforeAny ? [...groups.values(), refusedBeforeAny] : [...groups.values()];
}

/** An order not sent: its English reason, and its code (found from the text for older outcomes). */
function toFailedOrder(outcome: SaisieOutcomeRow): FailedOrder {
  const reason = outcome.reason ?? 'Not sent';
  const coded = outcome.reason_code
    ? { code: outcome.reason_code, params: outcome.reason_params ?? {} }
    : codedReason(reason);
  return { id: outcome.order_id, reason, reasonCode: coded.code, reasonParams: coded.params };
}
