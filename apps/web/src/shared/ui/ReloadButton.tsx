import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { RELOAD_DEBOUNCE_MS } from '@portal/contract';
import { useDebouncedAction } from '../lib/useDebouncedAction';

export interface ReloadButtonProps {
  onReload: () => unknown;
  /** Spins while the reload runs. */
  loading?: boolean;
  /** "Reload" unless told ("Refresh" on detail pages, per spec). */
  children?: ReactNode;
  size?: 'small' | 'middle' | 'large';
}

/** The reload button of lists and detail pages: repeated clicks within 200 ms reload once (spec §9). */
export function ReloadButton({ onReload, loading, children = 'Reload', size }: ReloadButtonProps) {
  const reload = useDebouncedAction(() => void onReload(), RELOAD_DEBOUNCE_MS);
  return (
    <Button icon={<ReloadOutlined />} size={size} loading={loading} onClick={() => reload()}>
      {children}
    </Button>
  );
}
