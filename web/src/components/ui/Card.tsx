import type { HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

function join(...names: (string | undefined)[]) {
  return names.filter(Boolean).join(' ');
}

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={join(styles.card, className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={join(styles.header, className)} {...props} />;
}

export function CardTitle({
  as: Heading = 'h2',
  className,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h1' | 'h2' | 'h3'; children: ReactNode }) {
  return <Heading className={join(styles.title, className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={join(styles.description, className)} {...props} />;
}
