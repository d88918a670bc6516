import { defineEntity, p } from '@mikro-orm/core';
import { DELIVERY_COMPANIES } from '@tawsil/contracts/delivery-zr';

export const DeliveryAccountSchema = defineEntity({
  name: 'DeliveryAccount',
  tableName: 'accounts',
  properties: {
    id: p.uuid().primary(),
    ownerId: p.uuid(),
    company: p.enum(DELIVERY_COMPANIES),
    storeName: p.text(),
    /** Sealed with SecretBox, bound to `<id>:key` and `<id>:secret`. */
    apiKey: p.text(),
    apiSecret: p.text(),
    keyFingerprint: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class DeliveryAccount extends DeliveryAccountSchema.class {}
DeliveryAccountSchema.setClass(DeliveryAccount);
