import type { ButtonHTMLAttributes } from 'react';
import { NavLink, type NavLinkProps } from 'react-router-dom';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'farm';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function buttonClassName(
  { variant = 'primary', size = 'md', block = false }: ButtonStyleProps,
  extra?: string,
) {
  return [
    styles.button,
    styles[variant],
    size === 'md' ? '' : styles[size],
    block ? styles.block : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyleProps;

export function Button({ variant, size, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...props} />;
}

export type ButtonLinkProps = Omit<NavLinkProps, 'className'> & ButtonStyleProps & { className?: string };

/**
 * Navigation that looks like a button (a link for screen readers and middle-click). NavLink marks the
 * current page with aria-current="page", which the styles pick up.
 */
export function ButtonLink({ variant, size, block, className, ...props }: ButtonLinkProps) {
  return <NavLink className={buttonClassName({ variant, size, block }, className)} {...props} />;
}
