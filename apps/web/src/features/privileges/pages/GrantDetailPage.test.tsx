import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GRANT_MESSAGES as M } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { adminProfile, grantDetail, URL } from '../testing';
import { GrantDetailPage } from './GrantDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const render = (id = '7') =>
  renderWithProviders(<GrantDetailPage />, { path: `/privilege/${id}`, routePath: '/privilege/:privId' });

describe('GrantDetailPage', () => {
  it('shows the facts and the timeline: requested, approved, expires', async () => {
    const detail = grantDetail({
      status: 'active',
      decided_by: 'admin@example.com',
      actions: ['revoke'],
    });
    detail.timeline = [
      detail.timeline[0]!,
      { event: 'approved', at: '2026-11-20T11:00:00.000Z', by: 'admin@example.com', note: 'ok for a week' },
      detail.timeline[1]!,
    ];
    mockFetch({ 'GET /api/v1/devops/me': { body: adminProfile }, [`GET ${URL}/7`]: { body: detail } });
    render();
    expect(await screen.findByText('Privilege grant 7: billing.manage')).toBeInTheDocument();
    const timeline = screen.getByLabelText('Grant timeline');
    expect(within(timeline).getByText('Requested')).toBeInTheDocument();
    expect(within(timeline).getByText('Approved')).toBeInTheDocument();
    expect(within(timeline).getByText('ok for a week')).toBeInTheDocument();
    expect(within(timeline).getByText('Expires')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Revoke/ })).toBeInTheDocument();
  });

  it('revokes with a required reason', async () => {
    const detail = grantDetail({ status: 'active', actions: ['revoke'] });
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: adminProfile },
      [`GET ${URL}/7`]: { body: detail },
      [`POST ${URL}/7/revoke`]: { body: { ...detail, status: 'revoked', actions: [] } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Revoke/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText(M.revokeReasonRequired)).toBeInTheDocument();
    expect(calls('POST', `${URL}/7/revoke`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Revoke reason'), 'no longer needed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls('POST', `${URL}/7/revoke`)).toHaveLength(1));
    expect(calls('POST', `${URL}/7/revoke`)[0]!.body).toEqual({ reason: 'no longer needed' });
    expect(await screen.findByText(M.revoked)).toBeInTheDocument();
  });

  it('says so for an unknown grant', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: adminProfile },
      [`GET ${URL}/99`]: { status: 404, body: { code: 'grant.notFound', message: 'No privilege grant has the id 99' } },
    });
    render('99');
    expect(await screen.findByText('No privilege grant has the id 99')).toBeInTheDocument();
  });
});
