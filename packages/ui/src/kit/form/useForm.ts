import { useCallback, useId, useState } from 'react';
import { useT } from '@instalment/host-sdk/host';
import { validationMessages, type ValidationKey } from '@instalment/contract/validation';

/** What a form holds: text fields as typed, and check boxes. */
export type FormValues = Record<string, string | boolean>;
type TextName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type FlagName<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/** A field's problem as the person should read it, or nothing. */
export type Problems<V> = Partial<Record<keyof V, string | null | undefined>>;

/**
 * The one form state of the app (DESIGN §4). `check` sees every value at once, so a rule can
 * compare fields (a confirmation) or look past the shared rules (the credit line). A field
 * shows its problem once it has been left or chosen, or the form submitted, and the message
 * follows the value from then on, so it goes away as soon as the input is fixed.
 */
export function useForm<V extends FormValues>(initial: V | (() => V), check: (values: V) => Problems<V>) {
  const prefix = useId();
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<Partial<Record<keyof V, boolean>>>({});
  const problems = check(values);
  const names = Object.keys(values) as Array<keyof V & string>;
  const idOf = (name: keyof V & string) => `${prefix}-${name}`;

  const show = useCallback((name: keyof V) => setShown((previous) => (previous[name] ? previous : { ...previous, [name]: true })), []);
  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => setValues((previous) => ({ ...previous, [name]: value })), []);
  const error = (name: keyof V & string): string | null => (shown[name] ? (problems[name] ?? null) : null);

  /** Props for a text input, text area or select (Field, TextArea, Select). */
  const field = (name: TextName<V>) => ({
    id: idOf(name),
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as V[typeof name]),
    onBlur: () => show(name),
    error: error(name),
  });

  /** Choosing is leaving: a radio or a check box shows its problem at once. */
  const chooser =
    <K extends keyof V & string>(name: K) =>
    (value: V[K]) => {
      set(name, value);
      show(name);
    };

  /** Props for a radio group (ChoiceGroup). */
  const choice = (name: TextName<V>) => ({
    id: idOf(name),
    name,
    value: values[name] as string,
    onChange: chooser(name) as (value: string) => void,
    error: error(name),
  });

  /** Props for a check box (Checkbox). */
  const checkbox = (name: FlagName<V>) => ({
    id: idOf(name),
    name,
    checked: values[name] as boolean,
    onChange: chooser(name) as (checked: boolean) => void,
    error: error(name),
  });

  /** Submit: every problem shows, and focus goes to the first field to fix. */
  const validate = (): boolean => {
    setShown(Object.fromEntries(names.map((name) => [name, true])) as Record<keyof V, boolean>);
    const first = names.find((name) => problems[name]);
    if (first) document.getElementById(idOf(first))?.focus();
    return first === undefined;
  };

  return { values, set, setValues, show, error, field, choice, checkbox, validate, problems };
}

export type Form<V extends FormValues> = ReturnType<typeof useForm<V>>;

/** A field's rule from `@instalment/contract/validation`; it sees the whole form so a confirmation can compare. */
export type FieldRule<F extends string> = (value: string, values: Readonly<Record<F, string>>) => ValidationKey | null;

/** A form whose fields are checked by the shared validation rules, in the user's language. */
export function useRuleForm<F extends string>(initial: Record<F, string>, rules: Record<F, FieldRule<F>>) {
  const t = useT(validationMessages);
  return useForm<Record<F, string>>(initial, (values) => {
    const problems: Problems<Record<F, string>> = {};
    for (const name of Object.keys(rules) as F[]) {
      const key = rules[name](values[name], values);
      problems[name] = key ? t(key) : null;
    }
    return problems;
  });
}
