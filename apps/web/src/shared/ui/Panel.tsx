import type { CSSProperties, ReactNode } from 'react';

export interface PanelProps {
  title?: ReactNode;
  /** Shown at the right of the title bar (a control or a link). */
  extra?: ReactNode;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A plain titled surface, the console's card. Not antd Card: that one imports antd Tabs (≈ 10 KB gzip) for its tab
 * list whether or not a page uses one, and every list page sits in a card.
 */
export function Panel({ title, extra, className, style, children }: PanelProps) {
  return (
    <section
      className={className ? `panel ${className}` : 'panel'}
      style={style}
      aria-label={typeof title === 'string' ? title : undefined}
    >
      {title || extra ? (
        <div className="panel-title">
          <span>{title}</span>
          {extra ? <span className="panel-extra">{extra}</span> : null}
        </div>
      ) : null}
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
