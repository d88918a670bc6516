import { Field, Input, Label } from '@headlessui/react';
import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
}

/** A labelled input with its own error line, announced to screen readers. */
export function TextField({ label, error, id, ...input }: TextFieldProps) {
  return (
    <Field className="flex flex-col gap-1">
      <Label className="text-sm font-medium text-slate-700">{label}</Label>
      <Input
        id={id}
        invalid={!!error}
        className="rounded-md border border-slate-300 px-3 py-2 text-base focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 data-[invalid]:border-red-500"
        {...input}
      />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </Field>
  );
}
