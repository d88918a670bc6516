import { formatDzd } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import type { DeliveryAccount, TariffEntry } from './api';
import type { AccountTariffs } from './form-api';
import { COMPANY_NAMES } from './validation';

/** The account's price for the wilaya and delivery type: the text of its tariff, "0" when not offered. */
export function priceIn(tariffs: TariffEntry[] | undefined, wilaya: number, isStopDesk: boolean) {
  const tariff = tariffs?.find((entry) => entry.IDWilaya === wilaya);
  return tariff ? (isStopDesk ? tariff.Stopdesk : tariff.Domicile) : undefined;
}

/**
 * An account as the agent picks it: company, the store's name at the carrier, and its price for
 * the chosen wilaya and delivery type ("ZR Express — Boutique Amina · 400 DZD"), or that it does
 * not deliver so. Without a tariff table (loading, or the carrier unreachable), no price.
 */
export function accountLabel(
  account: DeliveryAccount,
  tariffs: AccountTariffs[] | undefined,
  wilaya: number,
  isStopDesk: boolean,
): string {
  const name = `${COMPANY_NAMES[account.company] ?? account.company} — ${account.storeName}`;
  const table = tariffs?.find((entry) => entry.accountId === account._id)?.tariffs;
  const price = priceIn(table, wilaya, isStopDesk);
  if (price === undefined) return name;
  return i18n.t('delivery.account_option', {
    account: name,
    price: price === '0' ? i18n.t('delivery.not_offered') : formatDzd(Number(price)),
  });
}
