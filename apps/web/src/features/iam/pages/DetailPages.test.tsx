import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { apiKey, group, I, iamAdmin, policy } from '../testing';
import { ApiKeyDetailPage } from './ApiKeyDetailPage';
import { PolicyDetailPage } from './PolicyDetailPage';
import { UserGroupDetailPage } from './UserGroupDetailPage';

vi.setConfig({ testTimeout: 60_000 });

describe('/iam/entity/usergroups/:userGroup', () => {
  it('shows members and bindings, and removes a member after confirming', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: iamAdmin },
      [`GET ${I}/usergroups/support-readonly`]: { body: group() },
      [`DELETE ${I}/usergroups/support-readonly/members/:email`]: { body: group({ members: 0, member_list: [] }) },
    });
    renderWithProviders(<UserGroupDetailPage />, {
      path: '/iam/entity/usergroups/support-readonly',
      routePath: '/iam/entity/usergroups/:userGroup',
    });
    const members = await screen.findByRole('table', { name: 'Members' });
    expect(within(members).getByRole('link', { name: 'sam.okafor@example.com' })).toBeInTheDocument();
    expect(screen.getByText('User group support-readonly')).toBeInTheDocument();

    await userEvent.click(within(members).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove sam.okafor@example.com from support-readonly?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls('DELETE', `${I}/usergroups/support-readonly/members/sam.okafor%40example.com`)).toHaveLength(1),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Bindings (2)' }));
    const bindings = await screen.findByRole('table', { name: 'Bindings' });
    expect(within(bindings).getByRole('link', { name: 'deny-ctl-write' })).toHaveAttribute(
      'href',
      '/iam/role/policies/deny-ctl-write',
    );
  });

  it('says so when there is no such group', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: iamAdmin },
      [`GET ${I}/usergroups/nope`]: {
        status: 404,
        body: { code: 'iam.groupNotFound', message: 'No user group named nope', requestId: 't' },
      },
    });
    renderWithProviders(<UserGroupDetailPage />, {
      path: '/iam/entity/usergroups/nope',
      routePath: '/iam/entity/usergroups/:userGroup',
    });
    expect(await screen.findByText('No user group named nope')).toBeInTheDocument();
  });
});

describe('/iam/entity/apikeys/:keyName', () => {
  it('never shows a secret, and revokes after confirming', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: iamAdmin },
      [`GET ${I}/apikeys/ci-readonly`]: { body: apiKey() },
      [`POST ${I}/apikeys/ci-readonly/revoke`]: {
        body: apiKey({ status: 'revoked', revoked_at: '2026-11-02T00:00:00.000Z', revoked_by: 'ada@example.com' }),
      },
    });
    renderWithProviders(<ApiKeyDetailPage />, {
      path: '/iam/entity/apikeys/ci-readonly',
      routePath: '/iam/entity/apikeys/:keyName',
    });
    expect(await screen.findByText('mpk_Xq7bR2cL…')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the API key ci-readonly?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls('POST', `${I}/apikeys/ci-readonly/revoke`)).toHaveLength(1));
  });

  it('offers no revoke for a revoked key', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: iamAdmin },
      [`GET ${I}/apikeys/old`]: {
        body: apiKey({ name: 'old', status: 'revoked', revoked_at: '2026-10-25T15:00:00.000Z', revoked_by: 'x' }),
      },
    });
    renderWithProviders(<ApiKeyDetailPage />, {
      path: '/iam/entity/apikeys/old',
      routePath: '/iam/entity/apikeys/:keyName',
    });
    expect(await screen.findByText(/This key is revoked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });
});

describe('/iam/role/policies/:policyName', () => {
  it('shows the statements as a table and cannot delete a bound policy', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: iamAdmin },
      [`GET ${I}/policies/deny-ctl-write`]: { body: policy() },
    });
    renderWithProviders(<PolicyDetailPage />, {
      path: '/iam/role/policies/deny-ctl-write',
      routePath: '/iam/role/policies/:policyName',
    });
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(within(table).getByText('Deny')).toBeInTheDocument();
    expect(within(table).getByText('ctl.write')).toBeInTheDocument();
    expect(within(table).getByText('* (everywhere)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
