import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RELEASE_PHASES } from '@portal/contract';
import type { ReleaseDetail, ReleasePhase } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { approval, CHANGE_PATH, releaseDetail } from '../testing';
import { ReleasePage } from './ReleasePage';

vi.setConfig({ testTimeout: 60_000 });

const RELEASE = `${CHANGE_PATH}/releases/7`;
const CANCEL = `${RELEASE}/cancel`;

function serve(
  release: ReleaseDetail | (() => ReleaseDetail),
  extra: Parameters<typeof mockFetch>[0] = {},
  profile = operatorProfile,
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${RELEASE}`]: () => ({ body: { release: typeof release === 'function' ? release() : release } }),
    'GET /api/v1/devops/approval/approvals/:id': {
      body: {
        approval: approval({
          nodes: [
            {
              name: 'Config center owners',
              status: 'PENDING',
              tasks: [
                { user_email: 'ada@example.com', status: 'PENDING', start_at: null, end_at: null, comment: null },
              ],
            },
          ],
        }),
      },
    },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<ReleasePage />, {
    path: '/defaultconfig/change/31/release/7',
    routePath: '/defaultconfig/change/:changeId/release/:releaseId',
  });
const header = () => document.querySelector('.page-header') as HTMLElement;
const cancelButton = () => within(header()).getByRole('button', { name: /Cancel$/ });

/** Spec §2, §4, written out rather than derived from the contract's table: only an approving release is cancelled. */
const CANCELLABLE: readonly ReleasePhase[] = ['approving'];

describe('/defaultconfig/change/:changeId/release/:releaseId', () => {
  it.each(RELEASE_PHASES.map((p) => [p]))('enables Cancel only while approving (%s)', async (phase) => {
    serve(releaseDetail({ phase }));
    render();
    await screen.findAllByText(phase);
    expect(cancelButton()).toHaveProperty('disabled', !CANCELLABLE.includes(phase));
  });

  it('shows the basic info, the released templates and components, and the approval', async () => {
    serve(releaseDetail({ phase: 'released', operation_id: '900', released_at: '2024-06-02T10:00:00.000Z' }));
    render();
    expect(await screen.findByText('dev Release #1')).toBeInTheDocument();
    expect(screen.getByText('First dev rollout')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '31' })).toHaveAttribute('href', '/defaultconfig/change/31');
    expect(screen.getByRole('link', { name: '900' })).toHaveAttribute('href', '/operations/900');
    const templates = screen.getByRole('table', { name: 'Released templates' });
    expect(within(templates).getByRole('link', { name: 'tikv-default-v8.1' })).toHaveAttribute(
      'href',
      '/template/t-101?cluster_type=DEDICATED_TIDB',
    );
    expect(within(templates).getByRole('link', { name: 'tikv-default-v8.1 (change 31)' })).toBeInTheDocument();
    const components = screen.getByRole('table', { name: 'Released components' });
    expect(components).toHaveTextContent('TIKV');
    expect(components).toHaveTextContent('pingcap/tikv');
    expect(components).toHaveTextContent('v8.1.1 → v8.1.1-hotfix.2');
    expect(await screen.findByText('Config center owners')).toBeInTheDocument();
  });

  it('lets only the current approver decide (the shared approval view)', async () => {
    serve(releaseDetail(), {}, adminProfile);
    render();
    await screen.findByText('Config center owners');
    await waitFor(() => expect(screen.getByRole('button', { name: /Approve/ })).toBeEnabled());
  });

  it('cancels after a confirmation with "Successfully Cancel"', async () => {
    let current = releaseDetail();
    const { calls } = serve(() => current, {
      [`POST ${CANCEL}`]: () => {
        current = releaseDetail({ phase: 'cancelled' });
        return { body: { release: current } };
      },
    });
    render();
    await waitFor(() => expect(cancelButton()).toBeEnabled());
    await userEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel dev release #1?');
    expect(calls('POST', CANCEL)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the release' }));
    expect(await screen.findByText('Successfully Cancel')).toBeInTheDocument();
    expect(calls('POST', CANCEL)).toHaveLength(1);
    await waitFor(() => expect(cancelButton()).toBeDisabled());
  });

  it('does not offer Cancel to a user who may not operate', async () => {
    serve(releaseDetail(), {}, viewerProfile);
    render();
    await screen.findByText('dev Release #1');
    expect(within(header()).queryByRole('button', { name: /Cancel$/ })).toBeNull();
  });

  it('is re-read while releasing, until it is released', async () => {
    let current = releaseDetail({ phase: 'releasing', operation_id: '900' });
    const { calls } = serve(() => current, {
      'GET /api/v1/devops/operations/:id': { status: 404, body: { code: 'operation.notFound', message: 'gone' } },
    });
    render();
    await screen.findAllByText('releasing');
    const before = calls('GET', RELEASE).length;
    current = releaseDetail({ phase: 'released', operation_id: '900', released_at: '2024-06-02T10:00:00.000Z' });
    await waitFor(() => expect(screen.getAllByText('released').length).toBeGreaterThan(0), { timeout: 4000 });
    expect(calls('GET', RELEASE).length).toBeGreaterThan(before);
  });
});
