import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JUMP_STATUSES } from '@portal/contract';
import type { JumpAuthorization, JumpStatus, Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { authorization, P, pendingApproval } from '../testing';
import { JumpDetailPage } from './JumpDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = `${P}/authorizations/12`;
const CANCEL = `${DETAIL}/cancel`;

function serve(
  a: JumpAuthorization | (() => JumpAuthorization),
  extra: Parameters<typeof mockFetch>[0] = {},
  profile: Profile = operatorProfile,
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${DETAIL}`]: () => ({ body: { authorization: typeof a === 'function' ? a() : a } }),
    'GET /api/v1/devops/approval/approvals/:id': { body: { approval: pendingApproval } },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = () =>
  renderWithProviders(<JumpDetailPage />, { path: '/jumps/12', routePath: '/jumps/:authorizationId' });
const cancelButton = () => screen.getByRole('button', { name: /Cancel$/ });

/** Spec §4 "Jump authorizations: cancel", written out rather than read from the contract, so a wrong table fails. */
const CANCELLABLE: readonly string[] = ['approving', 'active'];

const inStatus = (status: JumpStatus) =>
  authorization({
    status,
    ...(status === 'active' || status === 'expired' || status === 'cancelled'
      ? {
          starts_at: '2024-06-01T08:10:00.000Z',
          expires_at: new Date(Date.now() + 95 * 60_000).toISOString(),
          grant_id: 'grant-1',
        }
      : {}),
  });

describe('/jumps/:authorizationId', () => {
  it.each(JUMP_STATUSES.map((s) => [s]))(
    'in status %s enables Cancel only while approving or active',
    async (status) => {
      serve(inStatus(status));
      render();
      expect((await screen.findAllByText(status)).length).toBeGreaterThan(0);
      expect(cancelButton()).toHaveProperty('disabled', !CANCELLABLE.includes(status));
    },
  );

  it('covers every status of the contract', () => {
    expect([...JUMP_STATUSES].sort()).toEqual(['active', 'approving', 'cancelled', 'expired', 'rejected']);
  });

  it('offers no Cancel to a viewer', async () => {
    serve(inStatus('active'), {}, viewerProfile);
    render();
    expect((await screen.findAllByText('active')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Cancel$/ })).not.toBeInTheDocument();
  });

  it('shows the facts, the time left, the hosts and the approval', async () => {
    serve(inStatus('active'));
    render();
    expect(await screen.findByText('Read the TiKV logs for INC-2231')).toBeInTheDocument();
    expect(screen.getByText('1h 30m')).toBeInTheDocument();
    expect(screen.getByText(/^1h 3[45]m left$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10086' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    expect(
      await screen.findByText('Jump access to cluster orders-prod (10086) as oscar.ops for 1h 30m'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Hosts (3)' }));
    const hosts = await screen.findByRole('table', { name: 'Hosts' });
    expect(within(hosts).getByText('db-tikv-1.db-tikv-peer.tidb10086.svc')).toBeInTheDocument();
    expect(within(hosts).getAllByText('tikv')).toHaveLength(2);
  });

  it('cancels after a confirmation with a reason: "Successfully Cancel", then shows cancelled', async () => {
    let current = inStatus('active');
    const { calls } = serve(() => current, {
      [`POST ${CANCEL}`]: () => {
        current = { ...current, status: 'cancelled', status_reason: 'Done early' };
        return { body: { authorization: current } };
      },
    });
    render();
    await waitFor(() => expect(cancelButton()).toBeEnabled());
    await userEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel jump authorization 12?' });
    expect(dialog).toHaveTextContent("revokes oscar.ops's access to the 3 hosts of orders-prod at once");
    expect(calls('POST', CANCEL)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Done early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the authorization' }));
    expect(await screen.findByText('Successfully Cancel')).toBeInTheDocument();
    expect(calls('POST', CANCEL).map((r) => r.body)).toEqual([{ reason: 'Done early' }]);
    await waitFor(() => expect(cancelButton()).toBeDisabled());
    expect(screen.getAllByText('cancelled').length).toBeGreaterThan(0);
  });

  it('shows a refused cancel in the dialog', async () => {
    serve(inStatus('approving'), {
      [`POST ${CANCEL}`]: {
        status: 409,
        body: {
          code: 'jump.statusForbids',
          message: 'A jump authorization that is expired cannot be cancelled',
          requestId: 'r',
        },
      },
    });
    render();
    await waitFor(() => expect(cancelButton()).toBeEnabled());
    await userEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel jump authorization 12?' });
    expect(dialog).toHaveTextContent('its pending approval are cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the authorization' }));
    expect(
      await within(dialog).findByText('A jump authorization that is expired cannot be cancelled'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Successfully Cancel')).not.toBeInTheDocument();
  });
});
