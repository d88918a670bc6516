import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/Button';
import { FailureLine } from '../components/ui/FailureLine';
import { deleteStore, useStores, type Store } from '../features/stores/api';
import { AddStoreForm } from '../features/stores/components/AddStoreForm';
import { DeleteStoreDialog } from '../features/stores/components/DeleteStoreDialog';
import { StoreList } from '../features/stores/components/StoreList';
import { storeFailure } from '../features/stores/failure';
import { linkErrorText } from '../features/stores/link-outcome';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

/**
 * What the OAuth callback said, read once from ?linked= or ?error= (a code) and then taken off
 * the URL. An unknown code gets a general sentence: the URL is not trusted to say anything.
 */
function useLinkOutcome() {
  const [params, setParams] = useSearchParams();
  const [outcome] = useState(() => {
    const linked = params.get('linked');
    if (linked) return { ok: true, text: i18n.t('stores.connected', { name: linked }) };
    const error = params.get('error');
    return error ? { ok: false, text: linkErrorText(error) } : undefined;
  });
  useEffect(() => {
    if (!params.has('linked') && !params.has('error')) return;
    const rest = new URLSearchParams(params);
    rest.delete('linked');
    rest.delete('error');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return outcome;
}

export default function LinkStorePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('stores.title'));
  const { data: stores, error, mutate } = useStores();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Store>();
  const [loadFailure, setLoadFailure] = useState<string>();
  const [deleteFailure, setDeleteFailure] = useState<string>();
  const outcome = useLinkOutcome();

  // Cleared again once a later refresh succeeds.
  useEffect(() => {
    setLoadFailure(error ? storeFailure(error, t('stores.load_failed')) : undefined);
  }, [error, t]);

  async function confirmDelete() {
    const store = deleting;
    setDeleting(undefined);
    if (!store) return;
    try {
      await deleteStore(store._id);
      setDeleteFailure(undefined);
    } catch (deleteError) {
      setDeleteFailure(storeFailure(deleteError, t('stores.delete_failed')));
    }
    await mutate();
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('stores.title')}</h1>
        <Button type="button" onClick={() => setAdding((open) => !open)} aria-expanded={adding}>
          {t('stores.add')}
        </Button>
      </div>
      {outcome && (
        <p role="status" className={`text-sm ${outcome.ok ? 'text-emerald-700' : 'text-red-600'}`}>
          {outcome.text}
        </p>
      )}
      {loadFailure && <FailureLine text={loadFailure} />}
      {deleteFailure && <FailureLine text={deleteFailure} />}
      {adding && <AddStoreForm onCancel={() => setAdding(false)} />}
      {stores ? (
        <StoreList stores={stores} onDelete={setDeleting} />
      ) : (
        !error && <p className="text-slate-600">{t('orders.loading')}</p>
      )}
      <DeleteStoreDialog
        storeName={deleting?.name}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
    </div>
  );
}
