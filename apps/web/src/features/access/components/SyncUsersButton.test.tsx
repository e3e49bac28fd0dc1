import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PRIVILEGES, USERS_MESSAGES } from '@portal/contract';
import type { Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { SyncUsersButton } from './SyncUsersButton';

vi.setConfig({ testTimeout: 60_000 });

const admin: Profile = {
  email: 'admin@example.com',
  name: 'Ada',
  roles: ['admin'],
  privileges: [...ROLE_PRIVILEGES.admin!],
};
const operator: Profile = {
  email: 'op@example.com',
  name: 'Op',
  roles: ['operator'],
  privileges: [...ROLE_PRIVILEGES.operator!],
};
const result = { source: 'external', added: 2, updated: 1, unchanged: 5, added_users: [], updated_users: [] };

describe('SyncUsersButton', () => {
  it('asks first, syncs, and says what changed', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: admin },
      'POST /api/v1/devops/users/sync': { body: result },
    });
    const onSynced = vi.fn();
    renderWithProviders(<SyncUsersButton onSynced={onSynced} />);
    await userEvent.click(await screen.findByRole('button', { name: /Sync users/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(USERS_MESSAGES.syncConfirm)).toBeInTheDocument();
    expect(calls('POST', '/api/v1/devops/users/sync')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(calls('POST', '/api/v1/devops/users/sync')).toHaveLength(1));
    expect(await screen.findByText('Users synced: 2 added, 1 updated, 5 unchanged')).toBeInTheDocument();
    expect(onSynced).toHaveBeenCalled();
  });

  it('is hidden without admin.users', async () => {
    mockFetch({ 'GET /api/v1/devops/me': { body: operator } });
    renderWithProviders(
      <>
        <span>ready</span>
        <SyncUsersButton />
      </>,
    );
    await screen.findByText('ready');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: /Sync users/ })).toBeNull();
  });
});
