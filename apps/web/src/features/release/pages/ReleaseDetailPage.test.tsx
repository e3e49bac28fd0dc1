import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEVOPS_RELEASE_PHASES, RELEASE_MESSAGES } from '@portal/contract';
import type { DevopsRelease, DevopsReleasePhase } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { adminProfile, operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { approval, CHANGE_ID, devopsRelease, RELEASE_API, RELEASE_ID, releaseChange, releaseTicket } from '../testing';
import { ReleaseDetailPage } from './ReleaseDetailPage';

vi.setConfig({ testTimeout: 60_000 });

function serve(
  release: DevopsRelease | (() => DevopsRelease),
  {
    profile = operatorProfile,
    extra = {},
  }: { profile?: typeof operatorProfile; extra?: Parameters<typeof mockFetch>[0] } = {},
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${RELEASE_API}`]: () => ({ body: { release: typeof release === 'function' ? release() : release } }),
    [`GET ${RELEASE_API}/changes`]: {
      body: {
        items: [releaseChange(), releaseChange({ id: '35', title: 'Billing 2.3', status: 'verified' })],
        total: 2,
      },
    },
    [`GET ${RELEASE_API}/tickets`]: { body: { items: [releaseTicket()], total: 1 } },
    'GET /api/v1/devops/approval/approvals/:id': { body: { approval: approval() } },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = (tab?: string) =>
  renderWithProviders(<ReleaseDetailPage />, {
    path: `/release/${RELEASE_ID}${tab ? `?tab=${tab}` : ''}`,
    routePath: '/release/:releaseId',
  });
const header = () => document.querySelector('.page-header') as HTMLElement;
const headerButton = (name: RegExp) => within(header()).queryByRole('button', { name });

/** A prod release's approval buttons per phase, written out (contract: DEVOPS_RELEASE_ACTIONS.prod). */
const PROD: Record<DevopsReleasePhase, { request: boolean; withdraw: boolean; addChange: boolean }> = {
  planning: { request: true, withdraw: false, addChange: true },
  approving: { request: false, withdraw: true, addChange: false },
  approved: { request: false, withdraw: false, addChange: false },
  in_progress: { request: false, withdraw: false, addChange: false },
  released: { request: false, withdraw: false, addChange: false },
};

describe('/release/:releaseId', () => {
  it('shows the facts, the changes (to their pages) and the tickets', async () => {
    serve(devopsRelease({ changes: { total: 2, by_status: { draft: 1, verified: 1 } } }));
    render();
    expect(await screen.findByText('staging Release 2024.23.1')).toBeInTheDocument();
    expect(screen.getByText('Week 23 platform rollout')).toBeInTheDocument();
    expect(screen.getByText('not needed')).toBeInTheDocument();
    const changes = await screen.findByRole('table', { name: 'Release changes' });
    const row = await within(changes).findByRole('row', { name: /Bump tidb-operator/ });
    expect(within(row).getByRole('link', { name: 'Bump tidb-operator to v1.6.1' })).toHaveAttribute(
      'href',
      `/release/${RELEASE_ID}/change/${CHANGE_ID}`,
    );
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/release/${RELEASE_ID}/${CHANGE_ID}/update`,
    );
    expect(row).toHaveTextContent('#7');
    // A verified change is not editable any more.
    expect(
      within(within(changes).getByRole('row', { name: /Billing 2.3/ })).queryByRole('link', { name: 'Edit' }),
    ).toBeNull();
    // No approval tab for a staging release.
    expect(screen.queryByRole('tab', { name: 'Approval Info' })).toBeNull();
    expect(headerButton(/Request Approval/)).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    const tickets = await screen.findByRole('table', { name: 'Release tickets' });
    expect(await within(tickets).findByRole('link', { name: 'OPS-1201' })).toHaveAttribute(
      'href',
      `/release/${RELEASE_ID}/tickets/OPS-1201`,
    );
  });

  it.each(DEVOPS_RELEASE_PHASES.map((p) => [p]))('a prod release in %s offers what the table says', async (phase) => {
    serve(devopsRelease({ environment: 'prod', phase }));
    render();
    await screen.findAllByText(phase);
    expect(headerButton(/Request Approval$/)).toHaveProperty('disabled', !PROD[phase].request);
    expect(headerButton(/Withdraw Approval$/)).toHaveProperty('disabled', !PROD[phase].withdraw);
    expect(await screen.findByRole('button', { name: /New Change$/ })).toHaveProperty(
      'disabled',
      !PROD[phase].addChange,
    );
  });

  it('requests the approval of a prod release, then shows it for the approvers', async () => {
    let current = devopsRelease({ environment: 'prod', phase: 'planning' });
    const { calls } = serve(() => current, {
      profile: adminProfile,
      extra: {
        [`POST ${RELEASE_API}/request_approval`]: () => {
          current = devopsRelease({
            environment: 'prod',
            phase: 'approving',
            approval_id: '51',
            approval_status: 'PENDING',
          });
          return { body: { release: current } };
        },
      },
    });
    render();
    expect(await screen.findByText(/request the approval once every change is ready/)).toBeInTheDocument();
    await userEvent.click(headerButton(/Request Approval$/)!);
    const dialog = await screen.findByRole('dialog');
    expect(calls('POST', `${RELEASE_API}/request_approval`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await screen.findByText(RELEASE_MESSAGES.approvalRequested)).toBeInTheDocument();
    expect(calls('POST', `${RELEASE_API}/request_approval`)).toHaveLength(1);
    await userEvent.click(await screen.findByRole('tab', { name: 'Approval Info' }));
    expect(await screen.findByText('Release managers')).toBeInTheDocument();
    // The admin (ada@example.com) is the pending step's approver: the shared approval view lets them decide.
    await waitFor(() => expect(screen.getByRole('button', { name: /Approve/ })).toBeEnabled());
    expect(headerButton(/Withdraw Approval$/)).toBeEnabled();
    expect(
      screen.getByText('Waiting for its approval: its changes are deployed once it is granted.'),
    ).toBeInTheDocument();
  });

  it('lists the audit rows of the release', async () => {
    const { calls } = serve(devopsRelease());
    render('audit');
    expect(await screen.findByRole('table', { name: 'Audit logs' })).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', '/api/v1/devops/audit').length).toBeGreaterThan(0));
    const query = calls('GET', '/api/v1/devops/audit')[0]!.url.searchParams;
    expect(query.get('type')).toBe('release');
    expect(query.get('instance_id')).toBe(RELEASE_ID);
  });
});
