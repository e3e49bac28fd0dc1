import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PRIVILEGES, SETTINGS_MESSAGES, SYSTEM_SETTING_DEFAULTS, SYSTEM_SETTING_KEYS } from '@portal/contract';
import type { Profile, SystemSettings } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { SystemSettingsPage } from './SystemSettingsPage';

vi.setConfig({ testTimeout: 60_000 });

const admin: Profile = {
  email: 'admin@example.com',
  name: 'Ada',
  roles: ['admin'],
  privileges: [...ROLE_PRIVILEGES.admin!],
};
const viewer: Profile = {
  email: 'sam@example.com',
  name: 'Sam',
  roles: ['viewer'],
  privileges: [...ROLE_PRIVILEGES.viewer!],
};
const URL = '/api/v1/admin/system-settings';

const settings: SystemSettings = {
  values: { ...SYSTEM_SETTING_DEFAULTS, support_session_max_minutes: 120 },
  defaults: SYSTEM_SETTING_DEFAULTS,
  settings: SYSTEM_SETTING_KEYS.map((key) =>
    key === 'support_session_max_minutes'
      ? { key, updated_by: 'priya.raman@example.com', updated_at: '2026-10-01T09:30:00.000Z' }
      : { key, updated_by: null, updated_at: null },
  ),
  updated_by: 'priya.raman@example.com',
  updated_at: '2026-10-01T09:30:00.000Z',
};

function serve(profile: Profile, put: { status?: number; body?: unknown } = { body: settings }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${URL}`]: { body: settings },
    [`PUT ${URL}`]: put,
  });
}

const render = () =>
  renderWithProviders(<SystemSettingsPage />, { path: '/settings/system', routePath: '/settings/system' });

describe('SystemSettingsPage', () => {
  it('shows each setting with its help, its default and who changed it last', async () => {
    serve(admin);
    render();
    expect(await screen.findByLabelText('Longest support session (minutes)')).toHaveValue('120');
    expect(screen.getByText(/How long a support session in a tenant/)).toBeInTheDocument();
    expect(screen.getByLabelText('Maintenance banner')).toHaveValue('');
    expect(screen.getByText('Default (empty), never changed')).toBeInTheDocument();
    expect(screen.getAllByText(/Changed by priya.raman@example.com/).length).toBeGreaterThan(0);
    expect(screen.getByText('Default (30), never changed')).toBeInTheDocument();
    expect(screen.getByText(/Last changed by priya.raman@example.com/)).toBeInTheDocument();
  });

  it('enables Save only after a change, and sends only what changed', async () => {
    const { calls } = serve(admin, {
      body: { ...settings, values: { ...settings.values, privilege_grant_max_days: 10 } },
    });
    render();
    const days = await screen.findByLabelText('Longest privilege grant (days)');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(calls('PUT', URL)).toHaveLength(1));
    expect(calls('PUT', URL)[0]!.body).toEqual({ privilege_grant_max_days: 10 });
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeInTheDocument();
  });

  it('checks values with the contract rule and puts server refusals on their field', async () => {
    const { calls } = serve(admin, {
      status: 400,
      body: {
        code: 'request.invalid',
        message: 'body.maintenance_banner: at most 200 characters',
        details: [{ field: 'body.maintenance_banner', message: 'at most 200 characters' }],
      },
    });
    render();
    const minutes = await screen.findByLabelText('Longest support session (minutes)');
    await screen.findByRole('button', { name: 'Save' });
    fireEvent.change(minutes, { target: { value: '500' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('a whole number from 15 to 480')).toBeInTheDocument();
    expect(calls('PUT', URL)).toHaveLength(0);
    fireEvent.change(minutes, { target: { value: '120' } });
    await userEvent.type(screen.getByLabelText('Maintenance banner'), 'Upgrade tonight');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PUT', URL)).toHaveLength(1));
    expect(calls('PUT', URL)[0]!.body).toEqual({ maintenance_banner: 'Upgrade tonight' });
    expect(await screen.findByText('at most 200 characters')).toBeInTheDocument();
  });

  it('is read-only without admin.settings', async () => {
    serve(viewer);
    render();
    expect(await screen.findByLabelText('Longest support session (minutes)')).toBeDisabled();
    expect(screen.getByLabelText('Maintenance banner')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(/needs the privilege admin.settings/)).toBeInTheDocument();
  });
});
