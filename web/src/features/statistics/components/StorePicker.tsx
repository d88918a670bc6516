import { SelectField } from '../../../components/ui/SelectField';
import { useStores } from '../../stores/api';
import { useTranslation } from 'react-i18next';

/** All the owner's stores, or one of them. */
export function StorePicker({ storeId, onStore }: { storeId: string; onStore: (storeId: string) => void }) {
  const { t } = useTranslation();
  const { data: stores } = useStores();
  const options = [
    { value: '', label: t('filters.all_stores') },
    ...(stores ?? []).map((store) => ({ value: store._id, label: store.name })),
  ];
  return (
    <SelectField
      label={t('filters.store')}
      options={options}
      value={storeId}
      onChange={(event) => onStore(event.target.value)}
      className="min-w-48 flex-1 sm:flex-none"
    />
  );
}
