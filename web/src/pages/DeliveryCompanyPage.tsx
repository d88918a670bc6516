import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { FailureLine } from '../components/ui/FailureLine';
import { removeDeliveryAccount, useDeliveryAccounts, type DeliveryAccount } from '../features/delivery/api';
import { AccountList } from '../features/delivery/components/AccountList';
import { AddAccountForm } from '../features/delivery/components/AddAccountForm';
import { deliveryFailure } from '../features/delivery/failure';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

export default function DeliveryCompanyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('carriers.title'));
  const { data: accounts, error, mutate } = useDeliveryAccounts();
  const [removing, setRemoving] = useState<DeliveryAccount>();
  const [loadFailure, setLoadFailure] = useState<string>();
  const [removeFailure, setRemoveFailure] = useState<string>();

  useEffect(() => {
    setLoadFailure(
      error
        ? deliveryFailure(error, 'Failed to fetch delivery accounts', t('carriers.load_failed'))
        : undefined,
    );
  }, [error, t]);

  async function confirmRemove() {
    const target = removing;
    setRemoving(undefined);
    if (!target) return;
    try {
      await removeDeliveryAccount(target._id);
      setRemoveFailure(undefined);
    } catch (failure) {
      setRemoveFailure(deliveryFailure(failure, 'Failed to delete account', t('carriers.remove_failed')));
    }
    await mutate();
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('carriers.title')}</h1>
      <AddAccountForm onAdded={() => void mutate()} />
      {loadFailure && <FailureLine text={loadFailure} />}
      {removeFailure && <FailureLine text={removeFailure} />}
      {accounts ? (
        <AccountList accounts={accounts} onRemove={setRemoving} onChanged={() => void mutate()} />
      ) : (
        !error && <p className="text-slate-600">{t('orders.loading')}</p>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={removing ? t('carriers.remove_title', { name: removing.storeName }) : ''}
        question={t('carriers.remove_question')}
        confirmLabel={t('confirmateurs.remove')}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(undefined)}
      />
    </div>
  );
}
