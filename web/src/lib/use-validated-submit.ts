import { useState, type FormEvent } from 'react';
import type { FieldErrors } from './validation';

/**
 * A form's submit: checks the values first (showing each field's error and sending nothing when
 * one is wrong), then sends them once, with `sending` true meanwhile.
 */
export function useValidatedSubmit<V, K extends string>(
  validate: (values: V) => FieldErrors<K>,
  send: (values: V) => Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent, values: V) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      await send(values);
    } finally {
      setSending(false);
    }
  }

  return { errors, sending, submit };
}
