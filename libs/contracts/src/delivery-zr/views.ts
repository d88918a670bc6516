import type { DeliveryCompany } from './delivery-account.dto';

/** A delivery account as every client sees it: the API key and secret never leave the server. */
export interface DeliveryAccountView {
  _id: string;
  company: DeliveryCompany;
  storeName: string;
  createdAt: string;
}

/** `POST /api/delivery/account` */
export interface AddDeliveryAccountResult {
  message: string;
  account: DeliveryAccountView;
}

/** One row of `GET /api/ZR/tarification/{deliveryAccountId}`: prices in DZD as text, "0" = not offered. */
export interface TariffEntry {
  IDWilaya: number;
  Wilaya: string;
  Stopdesk: string;
  Domicile: string;
}

export const SAISIE_JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type SaisieJobState = (typeof SAISIE_JOB_STATES)[number];

/** `GET /api/ZR/saisie/{jobId}`; `successfullOrders` keeps the spec's spelling. */
export interface SaisieJobView {
  jobId: string;
  state: SaisieJobState;
  progress: { done: number; total: number };
  successfullOrders: string[];
  failedOrders: { id: string; reason: string }[];
}

/** What orders keeps of the account an order ships with, to show it without another call. */
export interface DeliveryAccountRef {
  _id: string;
  company: DeliveryCompany;
  storeName: string;
}
