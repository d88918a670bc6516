import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { stableUuid } from './ids';
import type { StoredParcel } from './parcel-model';
import type { WebhookEndpoint } from './webhook-endpoints';

/** One merchant account at ZR: its API key, its parcels and its webhook endpoints. */
export interface Tenant {
  id: string;
  apiKey: string;
  /** False for a tenant no price list was assigned to: the rates answer 404. */
  hasPriceList: boolean;
  parcels: Map<string, StoredParcel>;
  endpoints: Map<string, WebhookEndpoint>;
}

export class Tenants {
  private readonly byId = new Map<string, Tenant>();

  /**
   * The tenant `npm start` hands out, derived from the Procolis pair so that it survives a
   * restart like that pair does.
   */
  addDefault(seed: string): Tenant {
    return this.add({
      id: stableUuid(`tenant:${seed}`),
      apiKey: createHmac('sha256', seed).update('zr-api-key').digest('base64url'),
    });
  }

  add(options: { id?: string; apiKey?: string; hasPriceList?: boolean } = {}): Tenant {
    const tenant: Tenant = {
      id: options.id ?? randomUUID(),
      apiKey: options.apiKey ?? randomBytes(32).toString('base64url'),
      hasPriceList: options.hasPriceList ?? true,
      parcels: new Map(),
      endpoints: new Map(),
    };
    this.byId.set(tenant.id, tenant);
    return tenant;
  }

  get(id: string): Tenant | undefined {
    return this.byId.get(id);
  }

  all(): Tenant[] {
    return [...this.byId.values()];
  }
}
