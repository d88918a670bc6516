import { useEffect, useRef, useState } from 'react';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import type { FilterName, OrderFilters } from '../filters';
import { useDebouncedValue } from '../hooks';
import { ORDER_STATUSES } from '../statuses';
import { WILAYA_OPTIONS, wilayaLabel } from '../wilayas';
import { useTranslation } from 'react-i18next';

export const SEARCH_DEBOUNCE_MS = 300;

interface FilterBarProps {
  filters: OrderFilters;
  onChange: (name: FilterName, value: string) => void;
  /** The owner's stores: a store filter when there are several. */
  stores?: readonly { _id: string; name: string }[];
}

/** Search, status, region, store and dates; they combine. The search is sent once typing pauses. */
export function FilterBar({ filters, onChange, stores }: FilterBarProps) {
  const { t } = useTranslation();
  const statusOptions = [
    { value: '', label: t('filters.all_statuses') },
    ...ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];
  const regionOptions = [
    { value: '', label: t('filters.all_regions') },
    ...WILAYA_OPTIONS.map((wilaya) => ({ value: String(wilaya.code), label: wilayaLabel(wilaya) })),
  ];
  const [text, setText] = useState(filters.q);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = useRef(filters.q);

  // Back or a link changed the search: the input follows.
  useEffect(() => {
    if (filters.q === sent.current) return;
    sent.current = filters.q;
    setText(filters.q);
  }, [filters.q]);
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onChange('q', settled);
  }, [settled, onChange]);

  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-52">
        <TextField
          label={t('filters.search')}
          type="search"
          placeholder={t('filters.search_hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <SelectField
        label={t('filters.status')}
        options={statusOptions}
        value={filters.status}
        onChange={(event) => onChange('status', event.target.value)}
        className="min-w-40 flex-1 sm:flex-none"
      />
      <SelectField
        label={t('filters.region')}
        options={regionOptions}
        value={filters.region}
        onChange={(event) => onChange('region', event.target.value)}
        className="min-w-40 flex-1 sm:flex-none"
      />
      {stores && stores.length > 1 && (
        <SelectField
          label={t('filters.store')}
          options={[
            { value: '', label: t('filters.all_stores') },
            ...stores.map((store) => ({ value: store._id, label: store.name })),
          ]}
          value={filters.storeId}
          onChange={(event) => onChange('storeId', event.target.value)}
          className="min-w-40 flex-1 sm:flex-none"
        />
      )}
      <TextField
        label={t('filters.from')}
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange('from', event.target.value)}
      />
      <TextField
        label={t('filters.to')}
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange('to', event.target.value)}
      />
    </div>
  );
}
