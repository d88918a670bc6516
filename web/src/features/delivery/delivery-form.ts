import type { OrderDeliveryView } from '@tawsil/contracts/orders';
import { i18n } from '../../i18n/i18n';
import type { FieldErrors } from '../../lib/validation';
import type { DeliveryChoice, TariffEntry } from './api';

/** The spec's defaults: wilaya 16, delivery at home. */
export const DEFAULT_WILAYA = '16';

export interface DeliveryFormValues {
  accountId: string;
  wilaya: string;
  isStopDesk: boolean;
  commune: string;
  desk: string;
}

/** What the order's address was recognised as, when it was. */
export interface RecognisedPlace {
  wilaya?: { code: number } | null;
  commune?: string | null;
}

/**
 * The form's start: the order's delivery when it has one; else the wilaya recognised from the
 * address (16 when none was) and its commune when the city matched one.
 */
export function initialValues(
  delivery: OrderDeliveryView | null | undefined,
  place: RecognisedPlace = {},
): DeliveryFormValues {
  if (delivery)
    return {
      accountId: delivery.deliveryAccount._id,
      wilaya: delivery.wilaya,
      isStopDesk: delivery.isStopDesk,
      commune: delivery.commune ?? '',
      desk: delivery.desk ?? '',
    };
  return {
    accountId: '',
    wilaya: place.wilaya ? String(place.wilaya.code) : DEFAULT_WILAYA,
    isStopDesk: false,
    commune: place.wilaya && place.commune ? place.commune : '',
    desk: '',
  };
}

/**
 * A change to the form, with the spec's rules: another wilaya clears commune and desk; stop desk
 * clears the commune, home delivery the desk.
 */
export function applyChange(
  values: DeliveryFormValues,
  change: Partial<DeliveryFormValues>,
): DeliveryFormValues {
  const next = { ...values, ...change };
  if (change.wilaya !== undefined && change.wilaya !== values.wilaya)
    Object.assign(next, { commune: '', desk: '' });
  if (change.isStopDesk === true) next.commune = '';
  if (change.isStopDesk === false) next.desk = '';
  return next;
}

/** What the chosen wilaya offers, from the account's tariffs and the stop desk list. */
export interface Offer {
  home: boolean;
  desk: boolean;
  homePrice?: string;
  deskPrice?: string;
}

/** `deskNames` undefined: the stop desk list is still loading, so it does not say "none" yet. */
export function offerFor(tariffs: TariffEntry[] | undefined, wilaya: number, deskNames?: string[]): Offer {
  const tariff = tariffs?.find((entry) => entry.IDWilaya === wilaya);
  const offered = (price: string | undefined) => price !== undefined && price !== '0';
  return {
    home: tariff ? offered(tariff.Domicile) : true,
    desk: (deskNames === undefined || deskNames.length > 0) && (tariff ? offered(tariff.Stopdesk) : true),
    homePrice: offered(tariff?.Domicile) ? tariff!.Domicile : undefined,
    deskPrice: offered(tariff?.Stopdesk) ? tariff!.Stopdesk : undefined,
  };
}

export type DeliveryField = 'accountId' | 'wilaya' | 'commune' | 'desk';

/** The spec's rules: company, wilaya and type required; home needs a commune, stop desk a desk. */
export function validateDelivery(
  values: DeliveryFormValues,
  accountChosen: boolean,
): FieldErrors<DeliveryField> {
  const errors: FieldErrors<DeliveryField> = {};
  if (!values.accountId) errors.accountId = i18n.t('validation.delivery_company_required');
  if (!accountChosen) return errors;
  if (!values.wilaya) errors.wilaya = i18n.t('validation.wilaya_required');
  if (!values.isStopDesk && !values.commune) errors.commune = i18n.t('validation.commune_required_home');
  if (values.isStopDesk && !values.desk) errors.desk = i18n.t('validation.desk_required_stop_desk');
  return errors;
}

export function toChoice(values: DeliveryFormValues): DeliveryChoice {
  return {
    deliveryAccount: values.accountId,
    wilaya: values.wilaya,
    isStopDesk: values.isStopDesk,
    ...(values.isStopDesk ? { desk: values.desk } : { commune: values.commune }),
  };
}
