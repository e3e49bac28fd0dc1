import { describe, expect, it } from 'vitest';
import {
  canCloseMaintenance,
  canExecutionAction,
  createMaintenanceBody,
  EXECUTION_STATUSES,
  MAINTENANCE_FIELD_MESSAGES,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_STATUSES,
  maintenanceApi,
  maintenanceListQuery,
  maintenanceWindowProblem,
} from './maintenance.js';
import { errorCatalogue } from './errors.js';

describe('maintenance messages (spec §8, verbatim)', () => {
  it('pins the success and failure messages', () => {
    expect(MAINTENANCE_MESSAGES).toEqual({
      start: { success: 'start the execution successfully', failure: 'fail to start the execution' },
      finish: { success: 'finish the execution successfully', failure: 'fail to finish the execution' },
      cancel: { success: 'cancel the execution successfully', failure: 'fail to cancel the execution' },
      close: { success: 'close the maintenance successfully', failure: 'fail to close the maintenance' },
    });
  });
});

describe('maintenance state tables (spec §4)', () => {
  it('allows close unless Closed', () => {
    expect(MAINTENANCE_STATUSES.filter(canCloseMaintenance)).toEqual(['Pending', 'Running']);
  });

  it('allows start only in a Running task on a Pending execution; finish on Running; cancel on Pending or Running', () => {
    const allowed = (action: 'start' | 'finish' | 'cancel') =>
      MAINTENANCE_STATUSES.flatMap((task) =>
        EXECUTION_STATUSES.filter((e) => canExecutionAction(action, task, e)).map((e) => `${task}/${e}`),
      );
    expect(allowed('start')).toEqual(['Running/Pending']);
    expect(allowed('finish')).toEqual(['Pending/Running', 'Running/Running']);
    expect(allowed('cancel')).toEqual(['Pending/Pending', 'Pending/Running', 'Running/Pending', 'Running/Running']);
    expect(canExecutionAction('start', 'Unknown', 'Pending')).toBe(false);
  });

  it('has an error code for every refusal', () => {
    for (const code of [
      'maintenance.notFound',
      'maintenance.executionNotFound',
      'maintenance.taskNotRunning',
      'maintenance.executionStatusForbids',
      'maintenance.alreadyClosed',
      'maintenance.overlap',
      'maintenance.windowOpen',
    ] as const)
      expect(errorCatalogue[code].status).toBe(code.endsWith('otFound') ? 404 : 409);
  });
});

describe('the maintenance window', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const at = (iso: string) => new Date(iso);
  it('needs a deadline after the schedule, a schedule not in the past, at most 30 days', () => {
    expect(maintenanceWindowProblem(at('2026-11-24T10:00:00Z'), at('2026-11-24T12:00:00Z'), now)).toBeUndefined();
    expect(maintenanceWindowProblem(at('2026-11-24T09:50:00Z'), at('2026-11-24T12:00:00Z'), now)).toBeUndefined();
    expect(maintenanceWindowProblem(at('2026-11-24T09:40:00Z'), at('2026-11-24T12:00:00Z'), now)).toEqual({
      field: 'schedule_time',
      message: MAINTENANCE_FIELD_MESSAGES.scheduleInPast,
    });
    expect(maintenanceWindowProblem(at('2026-11-24T12:00:00Z'), at('2026-11-24T12:00:00Z'), now)).toEqual({
      field: 'deadline',
      message: 'the deadline must be after the schedule time',
    });
    expect(maintenanceWindowProblem(at('2026-11-24T12:00:00Z'), at('2026-12-24T12:00:01Z'), now)).toEqual({
      field: 'deadline',
      message: 'a maintenance window must not be longer than 30 days',
    });
  });

  it('reads the create body with the form messages', () => {
    const r = createMaintenanceBody.safeParse({ project_id: ' ', schedule_time: '', deadline: 'x', cluster_ids: [] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['project is required', 'schedule time is required', 'choose at least one cluster']),
    );
    expect(
      createMaintenanceBody.parse({
        project_id: 'p',
        schedule_time: '2026-11-24T10:00:00+08:00',
        deadline: '2026-11-24T12:00:00Z',
        cluster_ids: ['c'],
      }).description,
    ).toBe('');
  });

  it('lists by repeated status and a schedule range whose end is not before its start', () => {
    expect(maintenanceListQuery.parse({ status: 'Running' }).status).toEqual(['Running']);
    expect(maintenanceListQuery.safeParse({ schedule_from: '2026-11-02', schedule_to: '2026-11-01' }).success).toBe(
      false,
    );
    expect(maintenanceListQuery.parse({}).sort).toBe('-schedule_time');
    expect(maintenanceListQuery.parse({}).per_page).toBe(10);
  });

  it('serves the spec §7 paths', () => {
    expect(Object.values(maintenanceApi).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/devops/cluster/maintenances',
      'POST /api/v1/devops/cluster/maintenances',
      'GET /api/v1/devops/cluster/maintenances/:id',
      'POST /api/v1/devops/cluster/maintenances/:id/close',
      'POST /api/v1/devops/cluster/maintenances/:id/executions/:execution_id/start',
      'POST /api/v1/devops/cluster/maintenances/:id/executions/:execution_id/finish',
      'POST /api/v1/devops/cluster/maintenances/:id/executions/:execution_id/cancel',
    ]);
  });
});
