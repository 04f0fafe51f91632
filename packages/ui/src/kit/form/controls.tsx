import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styles from './form.module.css';
import { describedBy, FieldError } from './FieldError';
import { FieldFrame, useControlIds } from './FieldFrame';

interface Labelled {
  label: string;
  error?: string | null;
  hint?: string;
}

export interface TextAreaProps extends Labelled, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {}

/** A labelled text area whose error is announced with it. */
export function TextArea({ label, error, hint, id, ...textarea }: TextAreaProps) {
  const { controlId, hintId } = useControlIds(id, hint);
  return (
    <FieldFrame controlId={controlId} hintId={hintId} label={label} hint={hint} error={error}>
      <textarea id={controlId} className={`${styles.input} ${styles.textarea}`} {...describedBy(controlId, error, hintId)} {...textarea} />
    </FieldFrame>
  );
}

export interface SelectProps extends Labelled, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first, empty option: what to do, not a choice. */
  placeholder?: string;
}

/** A labelled native select (the phone's own picker) whose error is announced with it. */
export function Select({ label, error, hint, id, options, placeholder, ...select }: SelectProps) {
  const { controlId, hintId } = useControlIds(id, hint);
  return (
    <FieldFrame controlId={controlId} hintId={hintId} label={label} hint={hint} error={error}>
      <select id={controlId} className={styles.input} {...describedBy(controlId, error, hintId)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface ChoiceGroupProps {
  legend: string;
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  error?: string | null;
  disabled?: boolean;
}

/** Radio buttons under a legend; the first carries the group's id so a failed submit can focus it. */
export function ChoiceGroup({ legend, id, name, value, onChange, options, error, disabled }: ChoiceGroupProps) {
  return (
    <fieldset className={styles.group} {...describedBy(id, error)} disabled={disabled}>
      <legend className={styles.label}>{legend}</legend>
      {options.map((option, index) => (
        <label key={option.value} className={styles.choice}>
          <input
            type="radio"
            id={index === 0 ? id : undefined}
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={(event) => onChange(event.target.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      <FieldError controlId={id} message={error} />
    </fieldset>
  );
}

export interface CheckboxProps {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** May hold links (the contract, the terms). */
  children: ReactNode;
  error?: string | null;
  disabled?: boolean;
  /** 'switch' where the box turns something on or off (a payment channel) rather than agrees to a sentence. */
  role?: 'switch';
}

/** A check box with its sentence; its error is announced with it. */
export function Checkbox({ id, name, checked, onChange, children, error, disabled, role }: CheckboxProps) {
  return (
    <div className={styles.consent}>
      <label className={styles.check}>
        <input
          type="checkbox"
          role={role}
          id={id}
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          {...describedBy(id, error)}
        />
        <span>{children}</span>
      </label>
      <FieldError controlId={id} message={error} />
    </div>
  );
}
