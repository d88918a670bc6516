import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CARRIER_APIS, type CarrierApi } from './carrier-apis';
import { DELIVERY_COMPANIES, type DeliveryCompany } from './delivery-account.dto';

/** A delivery account as every client sees it: the API key and secret never leave the server. */
export class DeliveryAccountView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ enum: DELIVERY_COMPANIES }) company!: DeliveryCompany;
  @ApiProperty({ enum: CARRIER_APIS }) api!: CarrierApi;
  @ApiProperty() storeName!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  /** Yalidine: whether the owner gave the webhook secret (the secret itself is never sent). */
  @ApiPropertyOptional() webhookSecretSet?: boolean;
}

/** `POST /api/delivery/account` */
export class AddDeliveryAccountResult {
  @ApiProperty() message!: string;
  @ApiProperty({ type: DeliveryAccountView }) account!: DeliveryAccountView;
}

/** One row of `GET /api/ZR/tarification/{deliveryAccountId}`: prices in DZD as text, "0" = not offered. */
export class TariffEntry {
  @ApiProperty({ minimum: 1, maximum: 58 }) IDWilaya!: number;
  @ApiProperty() Wilaya!: string;
  @ApiProperty({ example: '400' }) Stopdesk!: string;
  @ApiProperty({ example: '600' }) Domicile!: string;
}

/**
 * One stop desk of a delivery account, as its carrier names it (ZR's hub, Yalidine's center, or
 * procolis' desk list): the name orders saves and saisie sends.
 */
export class StopDeskEntry {
  @ApiProperty({ minimum: 1, maximum: 58 }) IDWilaya!: number;
  @ApiProperty({ example: 'Centre de Baraki' }) name!: string;
  /** The commune the desk is in, when the carrier says. */
  @ApiPropertyOptional({ example: 'Baraki' }) commune?: string;
}

export const SAISIE_JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type SaisieJobState = (typeof SAISIE_JOB_STATES)[number];

export class SaisieProgress {
  @ApiProperty() done!: number;
  @ApiProperty() total!: number;
}

/** An order a saisie did not send: why, in English, and as a code with its parameters to translate. */
export class FailedOrder {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({
    description: 'The catalogue code of the reason (`saisie.reason.*`)',
    example: 'saisie.reason.no_delivery',
  })
  reasonCode!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "The values the reason's text names, such as `status`",
  })
  reasonParams!: Record<string, string>;
}

/** What orders keeps of the account an order ships with, to show it without another call. */
export class DeliveryAccountRef {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ enum: DELIVERY_COMPANIES }) company!: DeliveryCompany;
  @ApiProperty() storeName!: string;
}

/** A saisie's orders grouped by the account they went to (`account` null: refused before any). */
export class SaisieAccountSummary {
  @ApiProperty({ type: DeliveryAccountRef, nullable: true }) account!: DeliveryAccountRef | null;
  @ApiProperty() sent!: number;
  @ApiProperty() failed!: number;
}

/** `GET /api/ZR/saisie/{jobId}`; `successfullOrders` keeps the spec's spelling. */
export class SaisieJobView {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
  @ApiProperty({ enum: SAISIE_JOB_STATES }) state!: SaisieJobState;
  @ApiProperty({ type: SaisieProgress }) progress!: SaisieProgress;
  @ApiProperty({ type: [String], format: 'uuid' }) successfullOrders!: string[];
  @ApiProperty({ type: [FailedOrder] }) failedOrders!: FailedOrder[];
  @ApiProperty({ type: [SaisieAccountSummary] }) byAccount!: SaisieAccountSummary[];
}

/** `POST /api/ZR/saisie`: the job to poll. */
export class SaisieStarted {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
}

/** What delivery-zr answers orders about a delivery choice: the account, and the desk in the carrier's name. */
export interface DeliveryChoiceChecked {
  deliveryAccount: DeliveryAccountRef;
  /** For a stop desk: the desk as the account's carrier names it. */
  desk?: string;
}
