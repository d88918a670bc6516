import type { StopDeskEntry, TariffEntry } from '@tawsil/contracts/delivery-zr';
import { stopDesksOf, WILAYAS } from '@tawsil/geo-dz';
import {
  CarrierError,
  type Carrier,
  type CarrierCredentials,
  type ParcelOutcome,
  type ParcelRequest,
  type ParcelState,
} from './carrier';

interface ProcolisOptions {
  baseUrl: string;
  timeoutMs: number;
  batchLimit: number;
}

interface ProcolisParcelAnswer {
  Tracking?: string;
  MessageRetour?: string;
}

interface ProcolisRecord {
  Tracking: string;
  Situation?: string;
  Statut?: string;
  DateH_Action?: string;
}

/**
 * ZR Express's procolis `api_v1` (see shared/external-apis.md, A1): headers `token` and `key`,
 * JSON both ways, parcels wrapped in `{Colis: [...]}`. The owner's API key is procolis' `key`
 * (32 hex), the API secret its `token` (64 hex).
 */
export class ProcolisCarrier implements Carrier {
  readonly displayName = 'ZR Express';
  readonly batchLimit: number;
  readonly readLimit = 50;
  private readonly baseUrl: string;

  constructor(private readonly options: ProcolisOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.batchLimit = options.batchLimit;
  }

  async checkCredentials(credentials: CarrierCredentials): Promise<boolean> {
    try {
      const answer = await this.call<{ Statut?: string }>(credentials, 'GET', '/token');
      return /activ/i.test(String(answer?.Statut ?? ''));
    } catch (error) {
      if (error instanceof CarrierError && error.kind === 'credentials') return false;
      throw error;
    }
  }

  async tariffs(credentials: CarrierCredentials): Promise<TariffEntry[]> {
    const answer = await this.call<unknown>(credentials, 'POST', '/tarification', {});
    const rows = Array.isArray(answer)
      ? answer
      : ((answer as { Tarification?: unknown[] } | null)?.Tarification ?? null);
    if (!Array.isArray(rows)) throw new CarrierError('unavailable', 'ZR Express sent no tariff table');
    return rows.map((row: Record<string, unknown>) => ({
      IDWilaya: Number(row.IDWilaya),
      Wilaya: String(row.Wilaya ?? ''),
      Stopdesk: String(row.Stopdesk ?? '0'),
      Domicile: String(row.Domicile ?? '0'),
    }));
  }

  /** procolis has no call for its desks: ZR's published list of stop-desk offices. */
  desks(): Promise<StopDeskEntry[]> {
    return Promise.resolve(
      WILAYAS.flatMap((wilaya) =>
        stopDesksOf(wilaya.code).map((desk) => ({ IDWilaya: wilaya.code, name: desk.name })),
      ),
    );
  }

  async createParcels(credentials: CarrierCredentials, parcels: ParcelRequest[]): Promise<ParcelOutcome[]> {
    const answer = await this.call<{ Colis?: ProcolisParcelAnswer[] }>(credentials, 'POST', '/add_colis', {
      Colis: parcels.map((parcel) => ({
        Tracking: parcel.tracking,
        TypeLivraison: parcel.isStopDesk ? '1' : '0',
        TypeColis: '0',
        Confrimee: '1',
        Client: parcel.recipient,
        MobileA: parcel.phone,
        MobileB: '',
        Adresse: parcel.address,
        IDWilaya: String(parcel.wilaya),
        Commune: parcel.place,
        Total: String(parcel.total),
        Note: '',
        TProduit: parcel.product,
        id_Externe: parcel.orderId,
        Source: parcel.source,
      })),
    });
    const answers = answer?.Colis;
    if (!Array.isArray(answers) || answers.length !== parcels.length)
      throw new CarrierError('unavailable', 'ZR Express answered add_colis without one result per parcel');
    return parcels.map((parcel, index): ParcelOutcome => {
      const message = String(answers[index]?.MessageRetour ?? '').trim();
      if (message === 'Good') return { tracking: parcel.tracking, result: 'created' };
      if (/double tracking/i.test(message)) return { tracking: parcel.tracking, result: 'duplicate' };
      return { tracking: parcel.tracking, result: 'refused', reason: message || 'No reason given' };
    });
  }

  async readParcels(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelState[]> {
    const answer = await this.call<{ Colis?: ProcolisRecord[] } | null>(credentials, 'POST', '/lire', {
      Colis: trackings.map((tracking) => ({ Tracking: tracking })),
    });
    // procolis answers the literal `null` when it knows none of them.
    return (answer?.Colis ?? [])
      .filter((record) => trackings.includes(String(record.Tracking)))
      .map((record) => ({
        tracking: String(record.Tracking),
        state: String(record.Situation ?? record.Statut ?? ''),
        at: record.DateH_Action ?? null,
      }));
  }

  private async call<T>(
    credentials: CarrierCredentials,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          token: credentials.apiSecret ?? '',
          key: credentials.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new CarrierError('unavailable', `ZR Express ${reason} (${path})`);
    }
    if (response.status === 401 || response.status === 403)
      throw new CarrierError('credentials', 'ZR Express refused the API key and secret');
    if (!response.ok)
      throw new CarrierError('unavailable', `ZR Express answered ${response.status} (${path})`);
    const text = await response.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CarrierError('unavailable', `ZR Express answered something that is not JSON (${path})`);
    }
  }
}
