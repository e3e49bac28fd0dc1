import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PRIVILEGES, SYSTEM_SETTING_DEFAULTS, SYSTEM_SETTING_KEYS } from '@portal/contract';
import type { Profile, SystemSettings } from '@portal/contract';
import { mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/render';
import { MaintenanceBannerSlot } from './banner';
import { SystemSettingsPage } from './pages/SystemSettingsPage';

vi.setConfig({ testTimeout: 60_000 });

const URL = '/api/v1/admin/system-settings';
const viewer: Profile = {
  email: 'sam@example.com',
  name: 'Sam',
  roles: ['viewer'],
  privileges: [...ROLE_PRIVILEGES.viewer!],
};
const admin: Profile = {
  email: 'admin@example.com',
  name: 'Ada',
  roles: ['admin'],
  privileges: [...ROLE_PRIVILEGES.admin!],
};
const settings = (banner: string): SystemSettings => ({
  values: { ...SYSTEM_SETTING_DEFAULTS, maintenance_banner: banner },
  defaults: SYSTEM_SETTING_DEFAULTS,
  settings: SYSTEM_SETTING_KEYS.map((key) => ({ key, updated_by: null, updated_at: null })),
  updated_by: null,
  updated_at: null,
});
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('MaintenanceBannerSlot', () => {
  it('shows the banner text while set', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: viewer },
      [`GET ${URL}`]: { body: settings('Upgrade on Saturday 02:00 UTC') },
    });
    renderWithProviders(<MaintenanceBannerSlot />);
    expect(await screen.findByRole('status')).toHaveTextContent('Upgrade on Saturday 02:00 UTC');
  });

  it('shows nothing while empty', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: viewer },
      [`GET ${URL}`]: { body: settings('') },
    });
    renderWithProviders(<MaintenanceBannerSlot />);
    await waitFor(() => expect(calls('GET', URL)).toHaveLength(1));
    await settle();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not ask without settings.read', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: { ...viewer, privileges: ['orgs.read'] } },
      [`GET ${URL}`]: { body: settings('Upgrade on Saturday 02:00 UTC') },
    });
    renderWithProviders(<MaintenanceBannerSlot />);
    await waitFor(() => expect(calls('GET', '/api/v1/devops/me').length).toBeGreaterThan(0));
    await settle();
    expect(calls('GET', URL)).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows no notice when the read is refused', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: viewer },
      [`GET ${URL}`]: {
        status: 403,
        body: { code: 'auth.forbidden', message: 'needs settings.read', details: { privilege: 'settings.read' } },
      },
    });
    renderWithProviders(<MaintenanceBannerSlot />);
    await waitFor(() => expect(calls('GET', URL)).toHaveLength(1));
    // The notice would come through the lazily loaded toast holder: give it time to show up.
    await expect(screen.findByText('Permission denied', {}, { timeout: 2000 })).rejects.toThrow();
    expect(screen.queryByText(/^Forbidden:/)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('changes as soon as the settings are saved', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: admin },
      [`GET ${URL}`]: { body: settings('') },
      [`PUT ${URL}`]: { body: settings('Read-only tonight from 22:00 UTC') },
    });
    renderWithProviders(
      <>
        <MaintenanceBannerSlot />
        <SystemSettingsPage />
      </>,
    );
    await userEvent.type(await screen.findByLabelText('Maintenance banner'), 'Read-only tonight from 22:00 UTC');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Read-only tonight from 22:00 UTC');
    expect(calls('GET', URL)).toHaveLength(1);
  });
});
