import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { FailureLine } from '../components/ui/FailureLine';
import { removeDeliveryAccount, useDeliveryAccounts, type DeliveryAccount } from '../features/delivery/api';
import { AccountList, REMOVE_ACCOUNT_QUESTION } from '../features/delivery/components/AccountList';
import { AddAccountForm } from '../features/delivery/components/AddAccountForm';
import { deliveryFailure } from '../features/delivery/failure';
import { useDocumentTitle } from '../lib/use-document-title';

export default function DeliveryCompanyPage() {
  useDocumentTitle('Delivery Company');
  const { data: accounts, error, mutate } = useDeliveryAccounts();
  const [removing, setRemoving] = useState<DeliveryAccount>();
  const [loadFailure, setLoadFailure] = useState<string>();
  const [removeFailure, setRemoveFailure] = useState<string>();

  useEffect(() => {
    setLoadFailure(
      error
        ? deliveryFailure(error, 'Failed to fetch delivery accounts', 'Could not load your accounts.')
        : undefined,
    );
  }, [error]);

  async function confirmRemove() {
    const target = removing;
    setRemoving(undefined);
    if (!target) return;
    try {
      await removeDeliveryAccount(target._id);
      setRemoveFailure(undefined);
    } catch (failure) {
      setRemoveFailure(deliveryFailure(failure, 'Failed to delete account', 'Could not remove the account.'));
    }
    await mutate();
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Delivery Company</h1>
      <AddAccountForm onAdded={() => void mutate()} />
      {loadFailure && <FailureLine text={loadFailure} />}
      {removeFailure && <FailureLine text={removeFailure} />}
      {accounts ? (
        <AccountList accounts={accounts} onRemove={setRemoving} />
      ) : (
        !error && <p className="text-slate-600">Loading…</p>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={removing ? `Remove ${removing.storeName}` : ''}
        question={REMOVE_ACCOUNT_QUESTION}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onClose={() => setRemoving(undefined)}
      />
    </div>
  );
}
