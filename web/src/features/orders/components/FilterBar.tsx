import { useEffect, useRef, useState } from 'react';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import type { FilterName, OrderFilters } from '../filters';
import { useDebouncedValue } from '../hooks';
import { ORDER_STATUSES } from '../statuses';
import { WILAYA_OPTIONS } from '../wilayas';

export const SEARCH_DEBOUNCE_MS = 300;

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: status })),
];
const REGION_OPTIONS = [
  { value: '', label: 'All regions' },
  ...WILAYA_OPTIONS.map((wilaya) => ({ value: String(wilaya.code), label: wilaya.label })),
];

interface FilterBarProps {
  filters: OrderFilters;
  onChange: (name: FilterName, value: string) => void;
  /** The owner's stores: a store filter when there are several. */
  stores?: readonly { _id: string; name: string }[];
}

/** Search, status, region, store and dates; they combine. The search is sent once typing pauses. */
export function FilterBar({ filters, onChange, stores }: FilterBarProps) {
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
          label="Search"
          type="search"
          placeholder="Name, phone, ref or product"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(event) => onChange('status', event.target.value)}
        className="min-w-40 flex-1 sm:flex-none"
      />
      <SelectField
        label="Region"
        options={REGION_OPTIONS}
        value={filters.region}
        onChange={(event) => onChange('region', event.target.value)}
        className="min-w-40 flex-1 sm:flex-none"
      />
      {stores && stores.length > 1 && (
        <SelectField
          label="Store"
          options={[
            { value: '', label: 'All stores' },
            ...stores.map((store) => ({ value: store._id, label: store.name })),
          ]}
          value={filters.storeId}
          onChange={(event) => onChange('storeId', event.target.value)}
          className="min-w-40 flex-1 sm:flex-none"
        />
      )}
      <TextField
        label="Start date"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange('from', event.target.value)}
      />
      <TextField
        label="End date"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange('to', event.target.value)}
      />
    </div>
  );
}
