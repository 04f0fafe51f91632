import type { ButtonHTMLAttributes } from 'react';
import styles from './ui.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'danger';
  block?: boolean;
  size?: 'normal' | 'small';
  /** Shows the button busy and refuses taps: a request is in flight. */
  busy?: boolean;
}

export function Button({ variant = 'default', block, size = 'normal', busy, disabled, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [
    styles.button,
    variant !== 'default' && styles[variant],
    block && styles.block,
    size === 'small' && styles.small,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest} />;
}
