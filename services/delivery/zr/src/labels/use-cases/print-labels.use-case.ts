import { Injectable, Logger } from '@nestjs/common';
import { LABELS_MAX, type LabelsPdf, type LabelsRequestDto } from '@tawsil/contracts/delivery-zr';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireOwner, ServiceError } from '@tawsil/nest-common';
import { AccountSecrets } from '../../accounts/account-secrets';
import { DeliveryAccountsRepository } from '../../accounts/delivery-accounts.repository';
import { CarrierError, type ParcelLabel } from '../../carrier/carrier';
import { Carriers } from '../../carrier/carriers';
import { SaisieJobsRepository } from '../../saisie/saisie-jobs.repository';
import { mergePdfs } from '../label-merger';
import { LabelledParcelsRepository, type LabelledParcel } from '../labelled-parcels.repository';

const NOT_SENT = 'Not sent to a carrier yet: run its saisie first';

/**
 * The bordereaux of the owner's parcels, as their carriers print them, merged into one PDF: the
 * parcels of chosen orders, or of a finished saisie. Orders whose label cannot be had are listed
 * with the reason; none at all is a 404.
 */
@Injectable()
export class PrintLabelsUseCase {
  private readonly logger = new Logger(PrintLabelsUseCase.name);

  constructor(
    private readonly parcels: LabelledParcelsRepository,
    private readonly saisies: SaisieJobsRepository,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
  ) {}

  async execute(actor: Actor, input: LabelsRequestDto): Promise<LabelsPdf> {
    const owner = requireOwner(actor, 'print parcel labels');
    const { wanted, parcels } = await this.parcelsOf(owner.userId, input);
    const missing = new Map<string, string>();
    const labels = new Map<string, ParcelLabel>();
    const found = new Set(parcels.map((parcel) => parcel.order_id));
    for (const orderId of wanted) if (!found.has(orderId)) missing.set(orderId, NOT_SENT);

    const byAccount = new Map<string, LabelledParcel[]>();
    for (const parcel of parcels)
      byAccount.set(parcel.account_id, [...(byAccount.get(parcel.account_id) ?? []), parcel]);
    const accounts = await this.accounts.findOwnedByIds([...byAccount.keys()], owner.userId);
    for (const [accountId, accountParcels] of byAccount) {
      const account = accounts.find((candidate) => candidate.id === accountId);
      const carrier = account && this.carriers.for(account);
      const leaveOut = (reason: string) => {
        for (const parcel of accountParcels) missing.set(parcel.order_id, reason);
      };
      if (!account || !carrier) leaveOut('Its delivery account was removed');
      else if (!carrier.labels) leaveOut(`${carrier.displayName}'s ${account.api} API prints no labels`);
      else {
        try {
          const printed = await carrier.labels(
            this.secrets.open(account),
            accountParcels.map((parcel) => parcel.tracking),
          );
          for (const label of printed) labels.set(label.tracking, label);
          for (const parcel of accountParcels)
            if (!labels.has(parcel.tracking))
              missing.set(parcel.order_id, `${carrier.displayName} gave no label`);
        } catch (error) {
          if (!(error instanceof CarrierError)) throw error;
          this.logger.warn({ accountId, reason: error.message }, 'Could not fetch labels');
          leaveOut(`${carrier.displayName} could not be reached for its labels, try again shortly`);
        }
      }
    }

    const byOrder = new Map(parcels.map((parcel) => [parcel.order_id, parcel]));
    const ordered = wanted
      .map((orderId) => byOrder.get(orderId))
      .flatMap((parcel) => (parcel && labels.has(parcel.tracking) ? [labels.get(parcel.tracking)!.pdf] : []));
    if (ordered.length === 0)
      throw ServiceError.notFound(
        `No label could be printed: ${[...new Set(missing.values())].join('; ') || NOT_SENT}`,
      );
    const merged = await mergePdfs(ordered);
    return {
      pdf: Buffer.from(merged.pdf).toString('base64'),
      pages: merged.pages,
      labels: merged.merged,
      missing: wanted
        .filter((orderId) => missing.has(orderId))
        .map((orderId) => ({ orderId, reason: missing.get(orderId)! })),
    };
  }

  /** The orders asked for, in order, and those of their parcels the owner has at a carrier. */
  private async parcelsOf(ownerId: string, input: LabelsRequestDto) {
    if (input.orderIds) {
      const wanted = [...new Set(input.orderIds)];
      return { wanted, parcels: await this.parcels.ofOrders(ownerId, wanted) };
    }
    const saisie = await this.saisies.findOwned(input.saisieId!, ownerId);
    if (!saisie) throw ServiceError.notFound('Saisie job not found');
    if (saisie.state === 'queued' || saisie.state === 'active')
      throw ServiceError.conflict('This saisie is still running: print its labels once it has finished');
    const parcels = await this.parcels.ofSaisie(ownerId, saisie.id, LABELS_MAX);
    return { wanted: parcels.map((parcel) => parcel.order_id), parcels };
  }
}
