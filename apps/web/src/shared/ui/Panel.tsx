import type { ReactNode } from 'react';

/** A plain titled surface: a light alternative to antd Card for the first page's charts and figures. */
export function Panel({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <section className="panel" aria-label={typeof title === 'string' ? title : undefined}>
      {title ? <div className="panel-title">{title}</div> : null}
      <div className="panel-body">{children}</div>
    </section>
  );
}

/** A single figure with an icon. */
export function StatFigure({ title, value, icon }: { title: ReactNode; value: ReactNode; icon?: ReactNode }) {
  return (
    <div className="stat">
      {icon ? <span className="stat-icon">{icon}</span> : null}
      <div>
        <div className="stat-title">{title}</div>
        <div className="stat-value">{value}</div>
      </div>
    </div>
  );
}
