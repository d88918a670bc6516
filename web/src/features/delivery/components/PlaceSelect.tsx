import { SelectField } from '../../../components/ui/SelectField';

export interface PlaceSelectProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  names: string[];
  /** The first, empty option: "Select a commune". */
  placeholder: string;
  /** A place's name as the user reads it (the value stays the name the server checks). */
  placeLabel?: (name: string) => string;
  /** Why the wilaya offers no such delivery: the select is then disabled and says it. */
  unavailable?: string;
  onChange: (name: string) => void;
}

/** A commune or desk select that, where the wilaya offers no such delivery, is disabled and says why. */
export function PlaceSelect({
  label,
  name,
  value,
  error,
  names,
  placeholder,
  placeLabel = (place) => place,
  unavailable,
  onChange,
}: PlaceSelectProps) {
  return (
    <div className="flex flex-col gap-1">
      <SelectField
        label={label}
        name={name}
        value={value}
        error={error}
        disabled={!!unavailable}
        onChange={(event) => onChange(event.target.value)}
        options={[
          { value: '', label: placeholder },
          ...names.map((place) => ({ value: place, label: placeLabel(place) })),
        ]}
      />
      {unavailable && <p className="text-sm text-amber-700">{unavailable}</p>}
    </div>
  );
}
