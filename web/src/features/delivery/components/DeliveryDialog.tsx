import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { Modal } from '../../../components/ui/Modal';
import { SelectField } from '../../../components/ui/SelectField';
import { accountLabel } from '../account-offers';
import type { FieldErrors } from '../../../lib/validation';
import { formatDzd } from '../../../i18n/format';
import { WILAYA_OPTIONS, wilayaLabel } from '../../orders/wilayas';
import type { Order } from '../../orders/types';
import { saveDelivery, useAccountsForOrder } from '../api';
import { useDesks, useTariffsOf } from '../form-api';
import {
  applyChange,
  initialValues,
  offerFor,
  toChoice,
  validateDelivery,
  type DeliveryField,
  type DeliveryFormValues,
} from '../delivery-form';
import { deliveryFailure } from '../failure';
import { usePlaces } from '../places';
import { useTranslation } from 'react-i18next';
import { PlaceSelect } from './PlaceSelect';

// The spec's English words; other languages say the same from the locale files.
export const NO_HOME = 'Domicile not available for this wilaya';
export const NO_DESK = 'Stop Desk not available for this wilaya';

interface DeliveryDialogProps {
  order?: Order;
  onClose: () => void;
  onSaved: (orderId: string, delivery: NonNullable<Order['delivery']>) => void;
}

/**
 * The Delivery Information form of one order, with the spec's rules. The agent picks among the
 * store owner's accounts, each shown with its price for the wilaya and delivery type; the stop
 * desks offered are the chosen account's own, as its carrier names them.
 * Give it `key={orderId}`: it starts from the order's delivery each time it opens.
 */
export function DeliveryDialog({ order, onClose, onSaved }: DeliveryDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DeliveryFormValues>(() => initialValues(order?.delivery, order));
  const [errors, setErrors] = useState<FieldErrors<DeliveryField>>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const { data: accounts, error: accountsError } = useAccountsForOrder(order?._id);
  const account = accounts?.find((candidate) => candidate._id === values.accountId);
  // Every carrier offered (ZR Express, Yalidine) takes a wilaya, a delivery type and a place.
  const chosen = account !== undefined;
  const accountIds = useMemo(() => (accounts ?? []).map((candidate) => candidate._id), [accounts]);
  const { data: allTariffs } = useTariffsOf(accountIds);
  const chosenTariffs = chosen ? allTariffs?.find((entry) => entry.accountId === account._id) : undefined;
  const tariffs = chosenTariffs?.tariffs;
  const tariffsError = chosenTariffs?.error;
  const { data: accountDesks, error: desksError } = useDesks(chosen ? values.accountId : undefined);
  const places = usePlaces();

  useEffect(() => {
    if (tariffsError) console.error('Failed to fetch tarif', tariffsError);
  }, [tariffsError]);
  useEffect(() => {
    if (accountsError) deliveryFailure(accountsError, 'Failed to fetch delivery accounts', '');
  }, [accountsError]);

  // The store's only account is the one to use: chosen already.
  const onlyAccount = accounts?.length === 1 ? accounts[0]._id : undefined;
  useEffect(() => {
    if (onlyAccount)
      setValues((current) => (current.accountId ? current : { ...current, accountId: onlyAccount }));
  }, [onlyAccount]);

  const wilaya = Number(values.wilaya);
  const communes = places?.communes(wilaya) ?? [];
  // A recognised commune the list does not hold (another spelling) is left for the agent to pick.
  const unknownCommune = !!places && !!values.commune && !communes.includes(values.commune);
  useEffect(() => {
    if (unknownCommune) setValues((current) => ({ ...current, commune: '' }));
  }, [unknownCommune]);
  const wilayaDesks = accountDesks?.filter((desk) => desk.IDWilaya === wilaya).map((desk) => desk.name);
  const desks = wilayaDesks ?? [];
  // A desk the account's carrier does not list (another account's, or renamed) is picked again.
  const unknownDesk = !!wilayaDesks && !!values.desk && !wilayaDesks.includes(values.desk);
  useEffect(() => {
    if (unknownDesk) setValues((current) => ({ ...current, desk: '' }));
  }, [unknownDesk]);
  // Desks that could not be read: none to pick, and the form says so rather than "none here".
  const offer = offerFor(tariffs, wilaya, desksError ? [] : wilayaDesks);
  const change = (patch: Partial<DeliveryFormValues>) => setValues((current) => applyChange(current, patch));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!order) return;
    const found = validateDelivery(values, chosen);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    setFailure(undefined);
    try {
      onSaved(order._id, await saveDelivery(order._id, toChoice(values)));
      onClose();
    } catch (error) {
      setFailure(deliveryFailure(error, 'Failed to submit delivery form', t('delivery.save_failed')));
    } finally {
      setSending(false);
    }
  }

  const price = values.isStopDesk ? offer.deskPrice : offer.homePrice;
  return (
    <Modal open={order !== undefined} title={t('delivery.title')} onClose={onClose} width="max-w-md">
      {order && <p className="text-sm text-slate-600">{t('card.order', { ref: order.ref })}</p>}
      <form
        noValidate
        aria-label={t('delivery.title')}
        onSubmit={submit}
        className="mt-4 flex flex-col gap-4 overflow-y-auto"
      >
        {failure && <ErrorBox message={failure} />}
        {accountsError && <ErrorBox message={t('delivery.accounts_failed')} />}
        {accounts?.length === 0 && <p className="text-sm text-slate-600">{t('delivery.no_account')}</p>}
        <SelectField
          label={t('delivery.company')}
          name="accountId"
          value={values.accountId}
          error={errors.accountId}
          onChange={(event) => change({ accountId: event.target.value })}
          options={[
            { value: '', label: t('delivery.select_company') },
            ...(accounts ?? []).map((candidate) => ({
              value: candidate._id,
              label: accountLabel(candidate, allTariffs, wilaya, values.isStopDesk),
            })),
          ]}
        />
        {chosen && (
          <>
            <SelectField
              label={t('delivery.wilaya')}
              name="wilaya"
              value={values.wilaya}
              error={errors.wilaya}
              onChange={(event) => change({ wilaya: event.target.value })}
              options={WILAYA_OPTIONS.map((option) => ({
                value: String(option.code),
                label: wilayaLabel(option),
              }))}
            />
            <fieldset className="flex flex-col gap-1">
              <legend className="text-sm font-medium text-slate-700">{t('delivery.type')}</legend>
              <div className="flex flex-wrap gap-4">
                {[
                  { stopDesk: false, label: t('delivery.at_home') },
                  { stopDesk: true, label: t('delivery.stop_desk') },
                ].map((type) => (
                  <label key={type.label} className="flex min-h-11 items-center gap-2 text-base">
                    <input
                      type="radio"
                      name="deliveryType"
                      checked={values.isStopDesk === type.stopDesk}
                      onChange={() => change({ isStopDesk: type.stopDesk })}
                      className="size-4 accent-emerald-700"
                    />
                    {type.label}
                  </label>
                ))}
              </div>
            </fieldset>
            {values.isStopDesk ? (
              <PlaceSelect
                label={t('delivery.desk')}
                placeholder={t('delivery.select_desk')}
                name="desk"
                value={values.desk}
                error={errors.desk}
                names={desks}
                unavailable={
                  desksError
                    ? t('delivery.desks_unavailable')
                    : offer.desk
                      ? undefined
                      : t('delivery.no_desk')
                }
                onChange={(desk) => change({ desk })}
              />
            ) : (
              <PlaceSelect
                label={t('delivery.commune')}
                placeholder={t('delivery.select_commune')}
                placeLabel={(commune) => places?.communeLabel(wilaya, commune) ?? commune}
                name="commune"
                value={values.commune}
                error={errors.commune}
                names={communes}
                unavailable={offer.home ? undefined : t('delivery.no_home')}
                onChange={(commune) => change({ commune })}
              />
            )}
            <p data-testid="tariff" className="text-sm text-slate-700">
              {tariffsError
                ? t('delivery.tariffs_unavailable')
                : !tariffs
                  ? t('delivery.tariff_loading')
                  : price
                    ? values.isStopDesk
                      ? t('delivery.desk_price', { price: formatDzd(Number(price)) })
                      : t('delivery.home_price', { price: formatDzd(Number(price)) })
                    : ''}
            </p>
          </>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-md px-4 py-2 text-slate-700 hover:bg-slate-100"
          >
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            disabled={sending}
            className="min-h-11 rounded-md bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            {t('row.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
