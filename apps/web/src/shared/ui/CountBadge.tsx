import type { CSSProperties, ReactNode } from 'react';

export interface CountBadgeProps {
  count: number;
  /** 'gold' for a warning count; red otherwise. */
  color?: 'gold' | 'red';
  style?: CSSProperties;
  /** The element the count sits on (its top-right corner); inline without. */
  children?: ReactNode;
}

/** A small count, hidden at zero (antd Badge's look, without its animated digits: ≈ 4 KB gzip less). */
export function CountBadge({ count, color = 'red', style, children }: CountBadgeProps) {
  const pill =
    count > 0 ? (
      <sup className={`count-badge count-badge-${color}`} style={style} aria-label={`${count} pending`}>
        {count > 99 ? '99+' : count}
      </sup>
    ) : null;
  if (children === undefined) return pill;
  return (
    <span className="count-badge-host">
      {children}
      {pill}
    </span>
  );
}
