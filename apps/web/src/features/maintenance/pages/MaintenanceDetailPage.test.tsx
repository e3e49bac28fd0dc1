import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXECUTION_STATUSES, MAINTENANCE_STATUSES } from '@portal/contract';
import type { ExecutionStatus, MaintenanceDetail, MaintenanceStatus } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { BASE, execution, maintenance } from '../testing';
import { MaintenanceDetailPage } from './MaintenanceDetailPage';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.restoreAllMocks());

const DETAIL = `${BASE}/7`;

function serve(
  current: MaintenanceDetail | (() => MaintenanceDetail),
  extra: Parameters<typeof mockFetch>[0] = {},
  profile = operatorProfile,
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${DETAIL}`]: () => ({ body: typeof current === 'function' ? current() : current }),
    'GET /api/v1/devops/audit': {
      body: {
        items: [
          {
            id: '1',
            type: 'cluster_maintenance',
            instance_id: '7',
            operator: 'olivia@example.com',
            operation: 'create',
            operate_at: '2026-11-23T10:00:00.000Z',
            details: {},
          },
        ],
        total: 1,
      },
    },
    ...extra,
  });
}

const render = (tab = '') =>
  renderWithProviders(<MaintenanceDetailPage />, { path: `/maintenance/7${tab}`, routePath: '/maintenance/:id' });
const header = () => document.querySelector('.page-header') as HTMLElement;
const closeButton = () => within(header()).getByRole('button', { name: 'Close the Maintenance', hidden: true });
// `hidden: true` skips jsdom's per-element visibility check (getComputedStyle up every ancestor), most of a role
// query's time here; the buttons looked for are all rendered and visible anyway.
const button = (name: string) => screen.getByRole('button', { name, hidden: true });

/**
 * Spec §4, written out rather than derived from the contract's tables: start only when the task is Running and the
 * execution Pending; finish only when it is Running; cancel when Running or Pending; close unless Closed.
 */
function spec(task: MaintenanceStatus, e: ExecutionStatus) {
  return {
    start: task === 'Running' && e === 'Pending',
    finish: task !== 'Closed' && e === 'Running',
    cancel: task !== 'Closed' && (e === 'Running' || e === 'Pending'),
  };
}
const CASES = MAINTENANCE_STATUSES.flatMap((task) => EXECUTION_STATUSES.map((e) => [task, e] as const));

describe('/maintenance/:id', () => {
  it('shows the project ID, schedule time, deadline, status and the executions with their cluster links', async () => {
    serve(
      maintenance({
        executions: [
          execution(),
          execution({ id: '102', cluster_id: '10087', status: 'Cancelled', cancel_reason: 'postponed' }),
        ],
      }),
    );
    render();
    expect(await screen.findByText('Maintenance 7')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'p-1' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/projects/p-1',
    );
    expect(screen.getByText('2026-11-24 10:00:00')).toBeInTheDocument();
    expect(screen.getByText('2099-11-24 14:00:00')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Executions' });
    expect(within(table).getByRole('link', { name: '10087' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10087',
    );
    expect(within(table).getByText('postponed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Audit Logs' }));
    expect(await screen.findByText('create')).toBeInTheDocument();
  });

  it.each(CASES)('enables the actions of a %s maintenance on a %s execution as spec §4 says', async (task, e) => {
    serve(maintenance({ status: task, executions: [execution({ status: e })] }));
    render();
    await screen.findByRole('table', { name: 'Executions', hidden: true });
    const allowed = spec(task, e);
    expect(button('Start execution 101')).toHaveProperty('disabled', !allowed.start);
    expect(button('Finish execution 101')).toHaveProperty('disabled', !allowed.finish);
    expect(button('Cancel execution 101')).toHaveProperty('disabled', !allowed.cancel);
    expect(closeButton()).toHaveProperty('disabled', task === 'Closed');
  });

  it('offers no action to a user who may not operate', async () => {
    serve(maintenance(), {}, viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Executions', hidden: true });
    expect(screen.queryByRole('button', { name: /execution 101/ })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Close the Maintenance' })).toBeNull();
  });

  it('starts an execution only after the browser confirmation, then says so', async () => {
    let current = maintenance();
    const START = `${DETAIL}/executions/101/start`;
    const { calls } = serve(() => current, {
      [`POST ${START}`]: () => {
        current = maintenance({ executions: [execution({ status: 'Running' })] });
        return { body: current };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render();
    await waitFor(() => expect(button('Start execution 101')).toBeEnabled());
    await userEvent.click(button('Start execution 101'));
    expect(confirm).toHaveBeenLastCalledWith('Start execution 101 on cluster 10086?');
    expect(calls('POST', START)).toHaveLength(0);
    await userEvent.click(button('Start execution 101'));
    expect(await screen.findByText('start the execution successfully')).toBeInTheDocument();
    expect(calls('POST', START)).toHaveLength(1);
    await waitFor(() => expect(button('Finish execution 101')).toBeEnabled());
    expect(button('Start execution 101')).toBeDisabled();
  });

  it('finishes a running execution after a confirmation', async () => {
    const FINISH = `${DETAIL}/executions/101/finish`;
    const { calls } = serve(maintenance({ executions: [execution({ status: 'Running' })] }), {
      [`POST ${FINISH}`]: { body: maintenance({ executions: [execution({ status: 'Finished' })] }) },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render();
    await waitFor(() => expect(button('Finish execution 101')).toBeEnabled());
    await userEvent.click(button('Finish execution 101'));
    expect(await screen.findByText('finish the execution successfully')).toBeInTheDocument();
    expect(calls('POST', FINISH)).toHaveLength(1);
  });

  it('cancels with the reason typed into the browser prompt, and not when the prompt is dismissed', async () => {
    const CANCEL = `${DETAIL}/executions/101/cancel`;
    const { calls } = serve(maintenance(), {
      [`POST ${CANCEL}`]: {
        body: maintenance({ executions: [execution({ status: 'Cancelled', cancel_reason: 'postponed' })] }),
      },
    });
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValueOnce(' postponed ');
    render();
    await waitFor(() => expect(button('Cancel execution 101')).toBeEnabled());
    await userEvent.click(button('Cancel execution 101'));
    expect(prompt).toHaveBeenLastCalledWith('Cancel execution 101 on cluster 10086? Reason (optional):', '');
    expect(calls('POST', CANCEL)).toHaveLength(0);
    await userEvent.click(button('Cancel execution 101'));
    expect(await screen.findByText('cancel the execution successfully')).toBeInTheDocument();
    expect(calls('POST', CANCEL).map((r) => r.body)).toEqual([{ reason: 'postponed' }]);
    expect(await screen.findByText('postponed')).toBeInTheDocument();
  });

  it('shows a refused action as "fail to …" with the server message', async () => {
    const START = `${DETAIL}/executions/101/start`;
    serve(maintenance(), {
      [`POST ${START}`]: {
        status: 409,
        body: { code: 'maintenance.taskNotRunning', message: 'maintenance 7 is Pending', requestId: 'r' },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render();
    await waitFor(() => expect(button('Start execution 101')).toBeEnabled());
    await userEvent.click(button('Start execution 101'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('fail to start the execution');
    expect(dialog).toHaveTextContent('maintenance 7 is Pending');
  });

  it('closes the maintenance after a confirmation, and says when it cannot', async () => {
    const CLOSE = `${DETAIL}/close`;
    let fail = true;
    const { calls } = serve(maintenance(), {
      [`POST ${CLOSE}`]: () =>
        fail
          ? { status: 409, body: { code: 'maintenance.alreadyClosed', message: 'Maintenance 7 is already Closed' } }
          : { body: maintenance({ status: 'Closed', close_reason: 'Closed by olivia@example.com' }) },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    render();
    await waitFor(() => expect(closeButton()).toBeEnabled());
    await userEvent.click(closeButton());
    expect(confirm).toHaveBeenLastCalledWith(
      'Close maintenance 7? Executions not finished yet are cancelled, and its clusters leave the window.',
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('fail to close the maintenance');
    expect(dialog).toHaveTextContent('Maintenance 7 is already Closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    fail = false;
    await userEvent.click(closeButton());
    expect(await screen.findByText('close the maintenance successfully')).toBeInTheDocument();
    expect(calls('POST', CLOSE)).toHaveLength(2);
    await waitFor(() => expect(closeButton()).toBeDisabled());
  });

  it('re-reads a maintenance whose schedule time has come until its window job opened it', async () => {
    let current = maintenance({ status: 'Pending', schedule_time: '2026-01-01T00:00:00.000Z' });
    const { calls } = serve(() => current);
    render();
    await waitFor(() => expect(button('Start execution 101')).toBeDisabled());
    const before = calls('GET', DETAIL).length;
    current = maintenance({ status: 'Running' });
    await waitFor(() => expect(button('Start execution 101')).toBeEnabled(), { timeout: 5000 });
    expect(calls('GET', DETAIL).length).toBeGreaterThan(before);
  });
});
