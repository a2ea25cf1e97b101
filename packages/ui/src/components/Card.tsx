import type { HTMLAttributes } from 'react';
import { cx } from '../cx.js';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li';
  padded?: boolean;
}

export function Card({ as: Element = 'div', padded = true, className, ...rest }: CardProps) {
  return <Element className={cx('rounded-card bg-white shadow-card ring-1 ring-ink-100', padded && 'p-6 lg:p-8', className)} {...rest} />;
}
