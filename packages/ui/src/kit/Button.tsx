import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'danger';
  block?: boolean;
  size?: 'normal' | 'small';
  /** Shows the button busy and refuses taps: a request is in flight. */
  busy?: boolean;
}

// Each variant's class named, not looked up by key: the classes a part uses are the ones its
// stylesheet keeps (stylesheets.test.ts).
const VARIANTS: Record<NonNullable<ButtonProps['variant']>, string | undefined> = {
  default: undefined,
  primary: styles.primary,
  danger: styles.danger,
};

export function Button({ variant = 'default', block, size = 'normal', busy, disabled, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, VARIANTS[variant], block && styles.block, size === 'small' && styles.small, className]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest} />;
}
