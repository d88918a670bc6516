import { SelectField } from '../../../components/ui/SelectField';
import { useStores } from '../../stores/api';

/** All the owner's stores, or one of them. */
export function StorePicker({ storeId, onStore }: { storeId: string; onStore: (storeId: string) => void }) {
  const { data: stores } = useStores();
  const options = [
    { value: '', label: 'All stores' },
    ...(stores ?? []).map((store) => ({ value: store._id, label: store.name })),
  ];
  return (
    <SelectField
      label="Store"
      options={options}
      value={storeId}
      onChange={(event) => onStore(event.target.value)}
      className="min-w-48 flex-1 sm:flex-none"
    />
  );
}
