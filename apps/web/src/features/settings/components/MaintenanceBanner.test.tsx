import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PRIVILEGES, SYSTEM_SETTING_DEFAULTS } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { MaintenanceBanner } from './MaintenanceBanner';

vi.setConfig({ testTimeout: 60_000 });

const profile = { email: 'sam@example.com', name: 'Sam', roles: ['viewer'], privileges: [...ROLE_PRIVILEGES.viewer!] };
const settings = (banner: string) => ({
  values: { ...SYSTEM_SETTING_DEFAULTS, maintenance_banner: banner },
  defaults: SYSTEM_SETTING_DEFAULTS,
  settings: [],
  updated_by: null,
  updated_at: null,
});

describe('MaintenanceBanner', () => {
  it('shows the banner text while set', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: profile },
      'GET /api/v1/admin/system-settings': { body: settings('Upgrade on Saturday 02:00 UTC') },
    });
    renderWithProviders(<MaintenanceBanner />);
    expect(await screen.findByText('Upgrade on Saturday 02:00 UTC')).toBeInTheDocument();
  });

  it('shows nothing while empty', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: profile },
      'GET /api/v1/admin/system-settings': { body: settings('') },
    });
    renderWithProviders(<MaintenanceBanner />);
    await vi.waitFor(() => expect(calls('GET', '/api/v1/admin/system-settings')).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
