import type { StopDeskEntry, TariffEntry } from '@tawsil/contracts/delivery-zr';
import { WILAYAS } from '@tawsil/geo-dz';
import {
  CarrierError,
  type Carrier,
  type CarrierCredentials,
  type ParcelLabel,
  type ParcelOutcome,
  type ParcelRequest,
  type ParcelState,
  type CarrierStateInfo,
  type RegisteredWebhook,
} from './carrier';
import { ZrCurrentClient, ZrProblem } from './zr-current.client';
import { ZrPlaces, type ZrHub, type ZrTerritory } from './zr-current-geography';
import { buildParcel } from './zr-current-parcel';

interface ZrCurrentOptions {
  baseUrl: string;
  timeoutMs: number;
  batchLimit: number;
}

/** `POST /workflows/search`'s items: each state's slug (`name`) and French label (`description`). */
interface ZrWorkflow {
  states?: { name?: string; description?: string }[];
}

interface BulkAnswer {
  successes?: { index: number }[];
  failures?: { index: number; errorCode?: string; errorMessage?: string }[];
}

interface ZrParcel {
  id: string;
  trackingNumber?: string | null;
  externalId?: string | null;
  state?: { name?: string | null } | null;
  lastStateUpdateAt?: string | null;
}

interface Rate {
  toTerritoryId: string;
  deliveryPrices?: { deliveryType?: string; price?: number | null; priceTtc?: number | null }[];
}

/** The parcel events ZR's webhooks carry (shared/external-apis.md A2): all three, each with the parcel. */
export const ZR_WEBHOOK_EVENTS = [
  'parcel.state.updated',
  'parcel.state.situation.created',
  'parcel.isReturn.updated',
];

/** ZR answers at most this many parcels per bulk call. */
const BULK_MAX = 100;
/** Territories and hubs change rarely: each tenant's are kept this long. */
const PLACES_TTL_MS = 6 * 60 * 60 * 1000;

/**
 * ZR Express's current API (api.zrexpress.app, shared/external-apis.md A2), for accounts with an
 * API key and a tenant id. ZR numbers parcels itself and does not enforce `externalId` uniqueness:
 * our tracking is sent as `externalId` and parcels are found again by searching it, which the
 * saisie does before any resend (ParcelSender reads back whatever may have reached ZR).
 */
export class ZrCurrentCarrier implements Carrier {
  readonly displayName = 'ZR Express';
  readonly batchLimit: number;
  readonly readLimit = 50;
  private readonly client: ZrCurrentClient;
  private readonly places = new Map<string, { at: number; places: Promise<ZrPlaces> }>();

  constructor(options: ZrCurrentOptions) {
    this.client = new ZrCurrentClient(options);
    this.batchLimit = Math.min(options.batchLimit, BULK_MAX);
  }

  async checkCredentials(credentials: CarrierCredentials): Promise<boolean> {
    try {
      await this.client.call(credentials, 'GET', '/users/profile');
      return true;
    } catch (error) {
      if (error instanceof ZrProblem) return false;
      if (error instanceof CarrierError && error.kind === 'credentials') return false;
      throw error;
    }
  }

  async tariffs(credentials: CarrierCredentials): Promise<TariffEntry[]> {
    const places = await this.placesOf(credentials);
    let rates: Rate[];
    try {
      rates =
        (await this.client.call<{ rates?: Rate[] }>(credentials, 'GET', '/delivery-pricing/rates')).rates ??
        [];
    } catch (error) {
      if (error instanceof ZrProblem)
        throw new CarrierError(
          'unavailable',
          `ZR Express has no price list for this account (${error.message})`,
        );
      throw error;
    }
    const byTerritory = new Map(rates.map((rate) => [rate.toTerritoryId, rate]));
    return WILAYAS.map((wilaya) => {
      const territory = places.wilaya(wilaya.code);
      const rate = territory ? byTerritory.get(territory.id) : undefined;
      const price = (type: string) => {
        const found = rate?.deliveryPrices?.find((entry) => entry.deliveryType === type);
        return String(Math.round(Number(found?.priceTtc ?? found?.price ?? 0)) || 0);
      };
      return {
        IDWilaya: wilaya.code,
        Wilaya: wilaya.name,
        Domicile: places.hasHomeDelivery(wilaya.code) ? price('home') : '0',
        Stopdesk: places.hubsOf(wilaya.code).length > 0 ? price('pickup-point') : '0',
      };
    });
  }

  /** The tenant's pickup-point hubs, each in the wilaya its city territory is. */
  async desks(credentials: CarrierCredentials): Promise<StopDeskEntry[]> {
    const places = await this.placesOf(credentials);
    return WILAYAS.flatMap((wilaya) =>
      places
        .hubsOf(wilaya.code)
        .filter((hub) => !!hub.name?.trim())
        .map((hub) => ({
          IDWilaya: wilaya.code,
          name: hub.name!.trim(),
          ...(hub.address?.district ? { commune: hub.address.district } : {}),
        })),
    );
  }

  async createParcels(credentials: CarrierCredentials, parcels: ParcelRequest[]): Promise<ParcelOutcome[]> {
    const places = await this.placesOf(credentials);
    const outcomes: (ParcelOutcome | undefined)[] = [];
    const sent: { at: number; body: object }[] = [];
    parcels.forEach((parcel, at) => {
      const built = buildParcel(places, parcel);
      if (typeof built === 'string')
        outcomes[at] = { tracking: parcel.tracking, result: 'refused', reason: built };
      else sent.push({ at, body: built });
    });
    if (sent.length > 0) {
      const answer = await this.bulk(
        credentials,
        sent.map((item) => item.body),
      );
      const reasons = new Map<number, string[]>();
      for (const failure of answer.failures ?? [])
        reasons.set(failure.index, [
          ...(reasons.get(failure.index) ?? []),
          failure.errorMessage || failure.errorCode || 'Refused',
        ]);
      const created = new Set((answer.successes ?? []).map((success) => success.index));
      sent.forEach(({ at }, index) => {
        const tracking = parcels[at].tracking;
        if (created.has(index)) outcomes[at] = { tracking, result: 'created' };
        else if (reasons.has(index))
          outcomes[at] = { tracking, result: 'refused', reason: reasons.get(index)!.join('; ') };
      });
    }
    if (outcomes.length !== parcels.length || outcomes.some((outcome) => !outcome))
      throw new CarrierError(
        'unavailable',
        'ZR Express answered the bulk creation without one result per parcel',
      );
    return outcomes as ParcelOutcome[];
  }

  async readParcels(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelState[]> {
    const found = await this.byExternalId(credentials, trackings);
    return [...found.values()].map((parcel) => ({
      tracking: String(parcel.externalId),
      state: String(parcel.state?.name ?? ''),
      at: parcel.lastStateUpdateAt ?? null,
    }));
  }

  /** Every state of the tenant's workflows (they can differ per tenant), slug and French label. */
  async states(credentials: CarrierCredentials): Promise<CarrierStateInfo[]> {
    let workflows: ZrWorkflow[];
    try {
      workflows = await this.client.searchAll<ZrWorkflow>(credentials, '/workflows/search');
    } catch (error) {
      if (error instanceof ZrProblem) throw new CarrierError('unavailable', error.message);
      throw error;
    }
    return workflows
      .flatMap((workflow) => workflow.states ?? [])
      .filter((state) => typeof state.name === 'string' && state.name !== '')
      .map((state) => ({ state: state.name!, label: state.description || state.name! }));
  }

  readonly webhooks = {
    register: async (credentials: CarrierCredentials, url: string): Promise<RegisteredWebhook> => {
      const endpoint = await this.client.call<{ id: string }>(credentials, 'POST', '/webhooks/endpoints', {
        url,
        description: 'Tawsil: parcel states',
        eventTypes: ZR_WEBHOOK_EVENTS,
        headers: {},
      });
      const { secret } = await this.client.call<{ secret: string }>(
        credentials,
        'GET',
        `/webhooks/endpoints/${encodeURIComponent(endpoint.id)}/secret`,
      );
      return { endpointId: endpoint.id, secret };
    },
    remove: async (credentials: CarrierCredentials, endpointId: string): Promise<void> => {
      try {
        await this.client.call(
          credentials,
          'DELETE',
          `/webhooks/endpoints/${encodeURIComponent(endpointId)}`,
        );
      } catch (error) {
        if (!(error instanceof ZrProblem && error.status === 404)) throw error;
      }
    },
  };

  async labels(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelLabel[]> {
    const found = await this.byExternalId(credentials, trackings);
    const ours = new Map<string, string>();
    for (const parcel of found.values())
      if (parcel.trackingNumber) ours.set(parcel.trackingNumber, String(parcel.externalId));
    if (ours.size === 0) return [];
    const answer = await this.client.call<{
      parcelLabelFiles?: { trackingNumber: string; fileUrl: string }[];
    }>(credentials, 'POST', '/parcels/labels/individual/pdf', { trackingNumbers: [...ours.keys()] });
    const labels: ParcelLabel[] = [];
    for (const file of answer.parcelLabelFiles ?? []) {
      const tracking = ours.get(file.trackingNumber);
      if (tracking) labels.push({ tracking, pdf: await this.client.file(file.fileUrl) });
    }
    return labels;
  }

  /** The parcels whose externalId is one of `trackings`, by it (the newest when ZR holds several). */
  private async byExternalId(
    credentials: CarrierCredentials,
    trackings: string[],
  ): Promise<Map<string, ZrParcel>> {
    const found = new Map<string, ZrParcel>();
    if (trackings.length === 0) return found;
    const items = await this.client.searchAll<ZrParcel>(credentials, '/parcels/search', {
      advancedFilter: {
        logic: 'or',
        filters: trackings.map((tracking) => ({ field: 'externalId', operator: 'eq', value: tracking })),
      },
    });
    const wanted = new Set(trackings);
    for (const parcel of items)
      if (parcel.externalId && wanted.has(parcel.externalId) && !found.has(parcel.externalId))
        found.set(parcel.externalId, parcel);
    return found;
  }

  private async bulk(credentials: CarrierCredentials, parcels: object[]): Promise<BulkAnswer> {
    try {
      return await this.client.call<BulkAnswer>(credentials, 'POST', '/parcels/bulk', { parcels });
    } catch (error) {
      // 400 when none was created: still one failure per parcel and broken rule.
      if (error instanceof ZrProblem && Array.isArray(error.body.failures)) return error.body as BulkAnswer;
      if (error instanceof ZrProblem)
        return { failures: parcels.map((_, index) => ({ index, errorMessage: error.message })) };
      throw error;
    }
  }

  /** The tenant's territories and hubs matched to ours, fetched once per PLACES_TTL_MS. */
  private placesOf(credentials: CarrierCredentials): Promise<ZrPlaces> {
    const key = `${credentials.tenantId}`;
    const cached = this.places.get(key);
    if (cached && Date.now() - cached.at < PLACES_TTL_MS) return cached.places;
    const places = Promise.all([
      this.client.searchAll<ZrTerritory>(credentials, '/territories/search', { includeUnavailable: true }),
      this.client.searchAll<ZrHub>(credentials, '/hubs/search'),
    ]).then(([territories, hubs]) => new ZrPlaces(territories, hubs));
    this.places.set(key, { at: Date.now(), places });
    places.catch(() => this.places.delete(key));
    return places;
  }
}
