import type { FailedOrder, SaisieJobView } from '@tawsil/contracts/delivery-zr';
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
});

/** An order not sent: its English reason, and its code (found from the text for older outcomes). */
function toFailedOrder(outcome: SaisieOutcomeRow): FailedOrder {
  const reason = outcome.reason ?? 'Not sent';
  const coded = outcome.reason_code
    ? { code: outcome.reason_code, params: outcome.reason_params ?? {} }
    : codedReason(reason);
  return { id: outcome.order_id, reason, reasonCode: coded.code, reasonParams: coded.params };
}
