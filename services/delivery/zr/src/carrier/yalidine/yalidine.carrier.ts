import type { StopDeskEntry, TariffEntry } from '@tawsil/contracts/delivery-zr';
import {
  CarrierError,
  type Carrier,
  type CarrierCredentials,
  type ParcelLabel,
  type ParcelOutcome,
  type ParcelRequest,
  type ParcelState,
} from '../carrier';
import type { YalidineClient, YalidineKeys } from './yalidine-client';
import {
  tariffEntryFrom,
  toYalidineParcel,
  type YalidineCenter,
  type YalidineCommune,
  type YalidineFees,
  type YalidineParcel,
  type YalidineWilaya,
} from './yalidine-mapping';

/** Yalidine's answer for one parcel of a creation, keyed by its order_id. */
interface CreationAnswer {
  success?: boolean;
  tracking?: string | null;
  message?: string;
}

interface ParcelRecord {
  order_id: string;
  tracking: string;
  last_status: string;
  date_last_status: string | null;
  label: string | null;
}

/** Yalidine's geography changes seldom: kept this long in memory, for every account. */
const GEOGRAPHY_TTL_MS = 24 * 60 * 60 * 1000;
/** Fee calls in flight at once while building a tariff table (the quota paces them anyway). */
const FEE_CALLS_AT_ONCE = 4;

/**
 * Yalidine (and Guepex, Yalitec, Easy & Speed, which share its API): the owner's API id is
 * `apiKey`, the API token `apiSecret`, and parcels leave from the account's `fromWilaya`. Our
 * tracking is Yalidine's `order_id`; Yalidine's own tracking (`yal-…`) is found through it.
 */
export class YalidineCarrier implements Carrier {
  readonly displayName = 'Yalidine';
  readonly readLimit = 100;
  private readonly cache = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly client: YalidineClient,
    readonly batchLimit = 50,
  ) {}

  async checkCredentials(credentials: CarrierCredentials): Promise<boolean> {
    try {
      await this.client.get(keysOf(credentials), 'wilayas', { page_size: 1 });
      return true;
    } catch (error) {
      if (error instanceof CarrierError && error.kind === 'credentials') return false;
      throw error;
    }
  }

  async tariffs(credentials: CarrierCredentials): Promise<TariffEntry[]> {
    const keys = keysOf(credentials);
    const from = fromWilayaOf(credentials);
    const wilayas = await this.wilayas(keys);
    const entries: TariffEntry[] = [];
    for (let start = 0; start < wilayas.length; start += FEE_CALLS_AT_ONCE)
      entries.push(
        ...(await Promise.all(
          wilayas.slice(start, start + FEE_CALLS_AT_ONCE).map(async (wilaya) =>
            tariffEntryFrom(
              wilaya,
              await this.client.get<YalidineFees>(keys, 'fees', {
                from_wilaya_id: from,
                to_wilaya_id: wilaya.id,
              }),
            ),
          ),
        )),
      );
    return entries;
  }

  /** Yalidine's centers (`/v1/centers/`, every page): its stop desks. */
  async desks(credentials: CarrierCredentials): Promise<StopDeskEntry[]> {
    const centers = await this.client.all<YalidineCenter>(keysOf(credentials), 'centers', {});
    return centers
      .filter((center) => center.wilaya_id >= 1 && center.wilaya_id <= 58 && !!center.name?.trim())
      .map((center) => ({
        IDWilaya: center.wilaya_id,
        name: center.name.trim(),
        ...(center.commune_name ? { commune: center.commune_name } : {}),
      }));
  }

  async createParcels(credentials: CarrierCredentials, parcels: ParcelRequest[]): Promise<ParcelOutcome[]> {
    const keys = keysOf(credentials);
    const from = fromWilayaOf(credentials);
    const wilayas = await this.wilayas(keys);
    const fromWilaya = wilayas.find((wilaya) => wilaya.id === from);
    if (!fromWilaya) throw new CarrierError('unavailable', `Yalidine does not list the wilaya ${from}`);

    const refusals = new Map<string, string>();
    const bodies: YalidineParcel[] = [];
    for (const parcel of parcels) {
      const toWilaya = wilayas.find((wilaya) => wilaya.id === parcel.wilaya);
      if (!toWilaya) {
        refusals.set(parcel.tracking, `The wilaya ${parcel.wilaya} is not served`);
        continue;
      }
      const [communes, centers] = await Promise.all([
        this.communes(keys, toWilaya.id),
        parcel.isStopDesk ? this.centers(keys, toWilaya.id) : Promise.resolve([]),
      ]);
      const body = toYalidineParcel(parcel, { fromWilaya, toWilaya, communes, centers });
      if (typeof body === 'string') refusals.set(parcel.tracking, body);
      else bodies.push(body);
    }

    const answer =
      bodies.length === 0
        ? {}
        : await this.client.post<Record<string, CreationAnswer> | null>(keys, 'parcels', bodies);
    return parcels.map((parcel): ParcelOutcome => {
      const refusal = refusals.get(parcel.tracking);
      if (refusal !== undefined) return { tracking: parcel.tracking, result: 'refused', reason: refusal };
      const outcome = answer?.[parcel.tracking];
      if (!outcome || typeof outcome !== 'object')
        throw new CarrierError('unavailable', 'Yalidine answered without a result for every parcel');
      if (outcome.success && outcome.tracking) return { tracking: parcel.tracking, result: 'created' };
      return { tracking: parcel.tracking, result: 'refused', reason: outcome.message || 'No reason given' };
    });
  }

  async readParcels(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelState[]> {
    const records = await this.records(keysOf(credentials), trackings);
    return records.map((record) => ({
      tracking: record.order_id,
      state: record.last_status,
      at: record.date_last_status ?? null,
    }));
  }

  /** Each parcel's own label link; one that cannot be fetched is left out, the others still print. */
  async labels(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelLabel[]> {
    const records = await this.records(keysOf(credentials), trackings);
    const labels: ParcelLabel[] = [];
    for (const record of records) {
      if (!record.label) continue;
      try {
        labels.push({ tracking: record.order_id, pdf: await this.client.pdf(record.label) });
      } catch (error) {
        if (!(error instanceof CarrierError)) throw error;
      }
    }
    return labels;
  }

  /** Our parcels at Yalidine, one per order_id (the newest, should one have been made twice). */
  private async records(keys: YalidineKeys, trackings: string[]): Promise<ParcelRecord[]> {
    const found = new Map<string, ParcelRecord>();
    for (let start = 0; start < trackings.length; start += this.readLimit) {
      const rows = await this.client.all<ParcelRecord>(keys, 'parcels', {
        order_id: trackings.slice(start, start + this.readLimit).join(','),
        fields: 'order_id,tracking,last_status,date_last_status,label',
        order_by: 'date_creation',
        desc: '',
      });
      for (const row of rows) if (!found.has(row.order_id)) found.set(row.order_id, row);
    }
    return trackings.flatMap((tracking) => found.get(tracking) ?? []);
  }

  private wilayas(keys: YalidineKeys): Promise<YalidineWilaya[]> {
    return this.cached('wilayas', () => this.client.all<YalidineWilaya>(keys, 'wilayas', {}));
  }

  private communes(keys: YalidineKeys, wilayaId: number): Promise<YalidineCommune[]> {
    return this.cached(`communes:${wilayaId}`, () =>
      this.client.all<YalidineCommune>(keys, 'communes', { wilaya_id: wilayaId }),
    );
  }

  private centers(keys: YalidineKeys, wilayaId: number): Promise<YalidineCenter[]> {
    return this.cached(`centers:${wilayaId}`, () =>
      this.client.all<YalidineCenter>(keys, 'centers', { wilaya_id: wilayaId }),
    );
  }

  /** One call for everyone asking at once; a failed one is asked again next time. */
  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < GEOGRAPHY_TTL_MS) return hit.value as Promise<T>;
    const value = load();
    this.cache.set(key, { at: Date.now(), value });
    value.catch(() => this.cache.get(key)?.value === value && this.cache.delete(key));
    return value;
  }
}

function keysOf(credentials: CarrierCredentials): YalidineKeys {
  if (!credentials.apiSecret) throw new CarrierError('credentials', 'A Yalidine account needs its API token');
  return { apiId: credentials.apiKey, apiToken: credentials.apiSecret };
}

function fromWilayaOf(credentials: CarrierCredentials): number {
  if (!credentials.fromWilaya)
    throw new CarrierError('credentials', 'This Yalidine account has no wilaya to send from: add it again');
  return credentials.fromWilaya;
}
