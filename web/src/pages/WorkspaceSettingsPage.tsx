import { useState } from 'react';
import { SelectField } from '../components/ui/SelectField';
import { Toast, useToast } from '../components/ui/Toast';
import { useStores } from '../features/stores/api';
import { Blacklist } from '../features/workspace/components/Blacklist';
import { StoreSettingsForm } from '../features/workspace/components/StoreSettingsForm';
import { useDocumentTitle } from '../lib/use-document-title';
import { useTranslation } from 'react-i18next';

/** The owner's rules for the agents' queue, per store, and the blacklist. */
export default function WorkspaceSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('workspace.title'));
  const { data: stores } = useStores();
  const [picked, setPicked] = useState('');
  const [toast, showToast] = useToast();
  const storeId = picked || stores?.[0]?._id;

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-bold">{t('workspace.title')}</h1>
      <section aria-labelledby="queue-settings" className="flex flex-col gap-4">
        <h2 id="queue-settings" className="text-lg font-semibold">
          {t('workspace.queue')}
        </h2>
        {stores?.length === 0 && <p className="text-slate-600">{t('workspace.link_first')}</p>}
        {stores && stores.length > 1 && (
          <SelectField
            label={t('filters.store')}
            value={storeId}
            options={stores.map((store) => ({ value: store._id, label: store.name }))}
            onChange={(event) => setPicked(event.target.value)}
            className="sm:max-w-xs"
          />
        )}
        {storeId && <StoreSettingsForm key={storeId} storeId={storeId} onSaved={showToast} />}
      </section>
      <section aria-labelledby="blacklist" className="flex flex-col gap-4">
        <h2 id="blacklist" className="text-lg font-semibold">
          {t('workspace.blacklist')}
        </h2>
        <Blacklist onDone={showToast} />
      </section>
      <Toast text={toast} />
    </div>
  );
}
