import type { ReactNode } from 'react';
import { Spinner } from '../../shared/ui/Spinner';

/** A centred notice for the moments before the shell exists (sign-in redirects). */
export function FullPageMessage({
  text,
  children,
  spinning = true,
}: {
  text?: string;
  children?: ReactNode;
  spinning?: boolean;
}) {
  return (
    <div className="full-page-message">
      {spinning ? <Spinner size="large" /> : null}
      {text ? <p className="full-page-text">{text}</p> : null}
      {children}
    </div>
  );
}
