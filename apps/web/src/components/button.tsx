// Button: at least 44x44 px (WCAG 2.5.5 target size), a native <button> so keyboard and screen
// readers work; `busy` keeps it focusable but inert while its call runs.
import type { ButtonHTMLAttributes } from 'react';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'text';
  block?: boolean;
  busy?: boolean;
}

export function Button({ variant = 'primary', block, busy, className, disabled, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={busy ? undefined : onClick}
      className={`btn btn--${variant}${block ? ' btn--block' : ''}${className ? ` ${className}` : ''}`}
    />
  );
}
