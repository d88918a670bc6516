import { defineEntity, p } from '@mikro-orm/core';
import { CARRIER_APIS, DELIVERY_COMPANIES, STATE_TABLE_SOURCES } from '@tawsil/contracts/delivery-zr';

export const DeliveryAccountSchema = defineEntity({
  name: 'DeliveryAccount',
  tableName: 'accounts',
  properties: {
    id: p.uuid().primary(),
    ownerId: p.uuid(),
    company: p.enum(DELIVERY_COMPANIES),
    /** The carrier API the credentials belong to; `Carriers.for(account)` picks its adapter. */
    api: p.enum(CARRIER_APIS),
    storeName: p.text(),
    /** Sealed with SecretBox, bound to `<id>:key`, `<id>:secret` and `<id>:tenant`. */
    apiKey: p.text(),
    apiSecret: p.text().nullable(),
    tenantId: p.text().nullable(),
    /** Yalidine: the wilaya the parcels leave from. */
    fromWilaya: p.integer().nullable(),
    keyFingerprint: p.text(),
    /**
     * ZR's current API: the webhook endpoint registered at ZR, and its Svix secret sealed to
     * `<id>:webhook`. Yalidine: only the secret, pasted by the owner from Yalidine's dashboard.
     */
    webhookEndpointId: p.text().nullable(),
    webhookUrl: p.text().nullable(),
    webhookSecret: p.text().nullable(),
    /** The state table: read from the carrier or the product's lists, when, and its version (see states/). */
    statesSource: p.enum(STATE_TABLE_SOURCES).nullable(),
    statesLoadedAt: p.datetime().nullable(),
    statesVersion: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class DeliveryAccount extends DeliveryAccountSchema.class {}
DeliveryAccountSchema.setClass(DeliveryAccount);
