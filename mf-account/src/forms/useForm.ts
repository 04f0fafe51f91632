import { type ChangeEvent, useId, useState } from 'react';
import { useT } from '@instalment/shared/host';
import { validationMessages, type ValidationKey } from '@instalment/shared/validation';

/** A field's rule; it sees the whole form so that a confirmation can compare with its original. */
export type FieldRule<F extends string> = (value: string, values: Readonly<Record<F, string>>) => ValidationKey | null;

/**
 * Form state with the shared rules (DESIGN §4): a field shows its message once it has been left
 * (blur) or the form submitted, and the message follows the value from then on, so it goes
 * away as soon as the input is fixed.
 */
export function useForm<F extends string>(initial: Record<F, string>, rules: Record<F, FieldRule<F>>) {
  const t = useT(validationMessages);
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const names = Object.keys(rules) as F[];
  const idOf = (name: F) => `${prefix}-${name}`;
  const problem = (name: F) => rules[name](values[name], values);

  const touch = (name: F) => setTouched((previous) => ({ ...previous, [name]: true }));

  const field = (name: F) => {
    const key = touched[name] ? problem(name) : null;
    return {
      id: idOf(name),
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((previous) => ({ ...previous, [name]: value }));
      },
      onBlur: () => touch(name),
      error: key ? t(key) : null,
    };
  };

  /** Submit: every message shows, and focus goes to the first field to fix. */
  const validate = (): boolean => {
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Record<F, boolean>);
    const first = names.find((name) => problem(name) !== null);
    if (first) document.getElementById(idOf(first))?.focus();
    return first === undefined;
  };

  return { values, field, touch, validate };
}
