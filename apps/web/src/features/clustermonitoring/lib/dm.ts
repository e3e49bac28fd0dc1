import type { DmTask } from '@portal/contract';

/** A DM task's progress as shown: `63%` in Dump and Load, `lag 2 s` in Sync, `-` when unknown. */
export function taskProgress(task: Pick<DmTask, 'unit' | 'progress' | 'sync_lag_seconds'>): string {
  if (task.unit === 'Sync') {
    if (task.sync_lag_seconds === null) return '-';
    const s = task.sync_lag_seconds;
    if (s < 120) return `lag ${s} s`;
    if (s < 7200) return `lag ${Math.round(s / 60)} min`;
    return `lag ${Math.round(s / 3600)} h`;
  }
  return task.progress === null ? '-' : `${Math.round(task.progress * 100)}%`;
}
