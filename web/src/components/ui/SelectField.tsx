import { Field, Label, Select } from '@headlessui/react';
import type { SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled native select with its own error line, announced to screen readers. */
export function SelectField({ label, error, options, className = '', ...select }: SelectFieldProps) {
  return (
    <Field className={`flex flex-col gap-1 ${className}`}>
      <Label className="text-sm font-medium text-slate-700">{label}</Label>
      <Select
        invalid={!!error}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 data-[invalid]:border-red-500"
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </Field>
  );
}
