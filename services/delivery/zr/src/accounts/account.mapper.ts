import type { DeliveryAccountRef, DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import type { DeliveryAccount } from './delivery-account.entity';

export const toAccountView = (account: DeliveryAccount): DeliveryAccountView => ({
  _id: account.id,
  company: account.company,
  api: account.api,
  storeName: account.storeName,
  createdAt: account.createdAt.toISOString(),
  ...(account.api === 'yalidine' ? { webhookSecretSet: !!account.webhookSecret } : {}),
});

export const toAccountRef = (account: DeliveryAccount): DeliveryAccountRef => ({
  _id: account.id,
  company: account.company,
  storeName: account.storeName,
});
