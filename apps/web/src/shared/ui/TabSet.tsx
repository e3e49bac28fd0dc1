import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export interface TabSetProps {
  items: TabItem[];
  /** Controlled active tab; the first one when absent or unknown. */
  activeKey?: string;
  onChange?(key: string): void;
  /** Unmount a tab's content when another is shown (else a visited tab stays mounted, hidden). */
  destroyOnHidden?: boolean;
  'aria-label'?: string;
}

/**
 * Tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs). Not antd Tabs: that one carries its
 * overflow menu (Dropdown and Menu, ≈ 19 KB gzip with Tabs) on every detail page; a tab bar wider than the page
 * scrolls instead.
 */
export function TabSet({ items, activeKey, onChange, destroyOnHidden, 'aria-label': ariaLabel }: TabSetProps) {
  const id = useId();
  const [own, setOwn] = useState<string | undefined>(undefined);
  const requested = activeKey ?? own;
  const active = items.some((t) => t.key === requested) ? requested! : items[0]?.key;
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(active ? [active] : []));
  if (active && !visited.has(active)) setVisited(new Set(visited).add(active));
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const select = (key: string) => {
    if (key === active) return;
    setOwn(key);
    onChange?.(key);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    const key = items[to]!.key;
    select(key);
    buttons.current.get(key)?.focus();
  };

  return (
    <div className="tabset">
      <div className="tabset-bar" role="tablist" aria-label={ariaLabel}>
        {items.map((t, index) => (
          <button
            key={t.key}
            ref={(el) => {
              if (el) buttons.current.set(t.key, el);
              else buttons.current.delete(t.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === active}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={t.key === active ? 0 : -1}
            className={t.key === active ? 'tabset-tab tabset-tab-active' : 'tabset-tab'}
            onClick={() => select(t.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) =>
        t.key === active || (!destroyOnHidden && visited.has(t.key)) ? (
          <div
            key={t.key}
            role="tabpanel"
            id={`${id}-panel-${t.key}`}
            aria-labelledby={`${id}-tab-${t.key}`}
            hidden={t.key !== active}
            className="tabset-panel"
          >
            {t.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
