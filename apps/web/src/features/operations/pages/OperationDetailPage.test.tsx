import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OPERATION_STATUSES } from '@portal/contract';
import type { OperationDetail, OperationStatus, OperationStep } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { OperationDetailPage } from './OperationDetailPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const DETAIL = '/api/v1/devops/operations/55';

function step(seq: number, overrides: Partial<OperationStep> = {}): OperationStep {
  return {
    seq,
    name: `step-${seq}`,
    title: `Step ${seq}`,
    manual: false,
    status: 'pending',
    message: null,
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

function operation(status: OperationStatus, steps: OperationStep[] = [step(1), step(2)]): OperationDetail {
  return {
    id: '55',
    type: 'ticdc.restart',
    title: 'Restart TiCDC cdc-1',
    target_type: 'cluster',
    target_id: '10086',
    tenant_id: '1372813089189341184',
    status,
    created_by: 'olivia@example.com',
    created_at: '2024-06-01T08:00:00.000Z',
    started_at: status === 'pending' ? null : '2024-06-01T08:00:01.000Z',
    finished_at: null,
    error: status === 'failed' ? 'capture 2 did not come back' : null,
    progress: { done: steps.filter((s) => s.status === 'succeeded').length, total: steps.length },
    steps,
    params: { reason: 'test' },
  };
}

function serve(current: () => OperationDetail, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    [`GET ${DETAIL}`]: () => ({ body: current() }),
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<OperationDetailPage />, { path: '/operations/55', routePath: '/operations/:instanceId' });
const action = (name: string) =>
  screen.getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;

/** Spec §4 / contract OPERATION_ACTIONS, written out. */
const EXPECTED: Record<OperationStatus, { submit: boolean; cancel: boolean }> = {
  pending: { submit: true, cancel: true },
  running: { submit: false, cancel: true },
  waiting: { submit: false, cancel: true },
  succeeded: { submit: false, cancel: false },
  failed: { submit: false, cancel: false },
  cancelled: { submit: false, cancel: false },
};

describe('/operations/:instanceId', () => {
  it('marks the steps a failed operation never reached as not run', async () => {
    const failed = step(2, {
      status: 'failed',
      started_at: '2024-06-01T08:00:02.000Z',
      finished_at: '2024-06-01T08:00:03.000Z',
    });
    serve(() =>
      operation('failed', [
        step(1, {
          status: 'succeeded',
          started_at: '2024-06-01T08:00:01.000Z',
          finished_at: '2024-06-01T08:00:02.000Z',
        }),
        failed,
        step(3),
      ]),
    );
    render();
    const third = await screen.findByLabelText('Step 3');
    expect(third.textContent).toContain('Not run: the operation ended before this step');
    expect(screen.getByText('not run')).toBeTruthy();
    expect(screen.getByLabelText('Step 2').textContent).not.toContain('Not run');
  });

  it("shows a running operation's next step as not started", async () => {
    serve(() =>
      operation('running', [step(1, { status: 'running', started_at: '2024-06-01T08:00:01.000Z' }), step(2)]),
    );
    render();
    expect((await screen.findByLabelText('Step 2')).textContent).toContain('Not started');
    expect(screen.queryByText('not run')).toBeNull();
  });

  it.each(OPERATION_STATUSES.map((s) => [s]))('%s: Submit and Cancel per status', async (status: OperationStatus) => {
    serve(() => operation(status));
    render();
    await screen.findByText('Restart TiCDC cdc-1', { selector: '.ant-descriptions-item-content' });
    expect(action('Submit').disabled).toBe(!EXPECTED[status].submit);
    expect(action('Cancel').disabled).toBe(!EXPECTED[status].cancel);
  });

  it('submits a pending operation', async () => {
    let current = operation('pending');
    const { calls } = serve(() => current, {
      [`POST ${DETAIL}/submit`]: () => {
        current = operation('running', [
          step(1, { status: 'running', started_at: '2024-06-01T08:00:02.000Z' }),
          step(2),
        ]);
        return { body: current };
      },
    });
    render();
    await waitFor(() => expect(action('Submit')).toBeEnabled());
    await userEvent.click(action('Submit'));
    expect(await screen.findByText('Successfully Submit')).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/submit`)).toHaveLength(1);
    await waitFor(() => expect(action('Submit')).toBeDisabled());
  });

  it('cancels only after a confirmation', async () => {
    const { calls } = serve(() => operation('running'), {
      [`POST ${DETAIL}/cancel`]: {
        body: operation('cancelled', [step(1, { status: 'cancelled' }), step(2, { status: 'cancelled' })]),
      },
    });
    render();
    await waitFor(() => expect(action('Cancel')).toBeEnabled());
    await userEvent.click(action('Cancel'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel operation 55?');
    expect(calls('POST', `${DETAIL}/cancel`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel operation' }));
    expect(await screen.findByText('Successfully Cancel')).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/cancel`)).toHaveLength(1);
  });

  it('offers Start on a waiting manual step and Finish on a running one, only while the operation waits', async () => {
    let current = operation('waiting', [
      step(1, {
        status: 'succeeded',
        message: 'drained',
        started_at: '2024-06-01T08:00:01.000Z',
        finished_at: '2024-06-01T08:00:05.000Z',
      }),
      step(2, { manual: true, status: 'waiting', title: 'Confirm the switch-over' }),
      step(3),
    ]);
    const { calls } = serve(() => current, {
      [`POST ${DETAIL}/steps/2/start`]: () => {
        current = operation('waiting', [current.steps[0]!, { ...current.steps[1]!, status: 'running' }, step(3)]);
        return { body: current };
      },
      [`POST ${DETAIL}/steps/2/finish`]: () => {
        current = operation('running', [
          current.steps[0]!,
          { ...current.steps[1]!, status: 'succeeded' },
          step(3, { status: 'running' }),
        ]);
        return { body: current };
      },
    });
    render();
    const manual = await screen.findByLabelText('Step 2');
    expect(screen.getByLabelText('Step 1')).toHaveTextContent('drained');
    expect(within(screen.getByLabelText('Step 1')).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(manual).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Successfully Start')).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/steps/2/start`)).toHaveLength(1);

    await userEvent.click(await within(screen.getByLabelText('Step 2')).findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Successfully Finish')).toBeInTheDocument();
    expect(calls('POST', `${DETAIL}/steps/2/finish`)).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByLabelText('Step 2')).queryByRole('button')).not.toBeInTheDocument());
  });

  it('re-reads a running operation every second until it ends', async () => {
    let reads = 0;
    serve(() => {
      reads += 1;
      return reads < 3
        ? operation('running', [step(1, { status: 'running' }), step(2)])
        : operation('succeeded', [step(1, { status: 'succeeded' }), step(2, { status: 'succeeded' })]);
    });
    render();
    await screen.findByText('Restart TiCDC cdc-1', { selector: '.ant-descriptions-item-content' });
    await waitFor(() => expect(screen.getByLabelText('2 of 2 steps done')).toBeInTheDocument(), { timeout: 5000 });
    const settled = reads;
    await new Promise((r) => setTimeout(r, 1500));
    expect(reads).toBe(settled);
  });

  it('shows an operation error', async () => {
    serve(() =>
      operation('failed', [step(1, { status: 'failed', message: 'timeout' }), step(2, { status: 'cancelled' })]),
    );
    render();
    expect(await screen.findByText('capture 2 did not come back')).toBeInTheDocument();
  });
});
