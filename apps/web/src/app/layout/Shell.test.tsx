import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SYSTEM_SETTING_DEFAULTS } from '@portal/contract';
import type { Profile } from '@portal/contract';
import type { FeatureManifest } from '../../shared/lib/feature';
import { browser } from '../../shared/lib/browser';
import { mockFetch } from '../../test/fetchMock';
import { adminProfile, authConfig, operatorProfile } from '../../test/fixtures';
import { testFeatures } from '../../test/manifests';
import { renderApp, signIn } from '../../test/render';
import { readSession } from '../auth/session';

function serve(profile: Profile) {
  return mockFetch({
    'GET /api/v1/public/auth-config': { body: authConfig },
    'GET /api/v1/devops/me': { body: profile },
  });
}

describe('app shell', () => {
  it('shows title, user manual link, breadcrumb and sets the document title', async () => {
    serve(operatorProfile);
    signIn(operatorProfile.email);
    renderApp('/orgs/123', testFeatures);
    expect(await screen.findByText('Org page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Management Portal' })).toBeInTheDocument();
    // The operator's manual the portal serves (apps/web/public/manual.html), not the API docs.
    expect(screen.getByRole('link', { name: /User Manual/ })).toHaveAttribute('href', '/manual.html');
    const crumbs = document.querySelector('.app-breadcrumb') as HTMLElement;
    expect(within(crumbs).getByRole('link', { name: 'Orgs' })).toHaveAttribute('href', '/orgs');
    expect(crumbs).toHaveTextContent('123');
    expect(document.title).toBe('orgs / 123 - Management Portal');
  });

  it('redirects / to /overview', async () => {
    serve(operatorProfile);
    signIn();
    const { router } = renderApp('/', testFeatures);
    expect(await screen.findByText('Overview page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/overview');
    expect(document.title).toBe('overview - Management Portal');
  });

  it('hides the admin menus from an operator and refuses admin-only routes', async () => {
    serve(operatorProfile);
    signIn();
    renderApp('/audits', testFeatures);
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(screen.queryByText('Audits page')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByText('Orgs')).toBeInTheDocument();
    expect(within(nav).getByText('DBaaS Settings')).toBeInTheDocument();
    expect(within(nav).queryByText('Admin')).not.toBeInTheDocument();
  });

  it('shows the admin menus and pages to an admin', async () => {
    serve(adminProfile);
    signIn(adminProfile.email);
    renderApp('/audits', testFeatures);
    expect(await screen.findByText('Audits page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByText('Admin')).toBeInTheDocument();
  });

  it("shows the notification bell in the header with the signed-in user's unread count", async () => {
    mockFetch({
      'GET /api/v1/public/auth-config': { body: authConfig },
      'GET /api/v1/devops/me': { body: operatorProfile },
      'GET /api/v1/devops/notification/inbox/unread_count': { body: { unread: 4 } },
    });
    signIn(operatorProfile.email);
    renderApp('/overview', testFeatures);
    await screen.findByText('Overview page');
    const header = document.querySelector('.app-header') as HTMLElement;
    expect(await within(header).findByRole('button', { name: 'Notifications: 4 unread' })).toHaveTextContent('4');
  });

  it('shows the maintenance banner above every page while it is set', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/public/auth-config': { body: authConfig },
      'GET /api/v1/devops/me': { body: operatorProfile },
      'GET /api/v1/admin/system-settings': {
        body: {
          values: { ...SYSTEM_SETTING_DEFAULTS, maintenance_banner: 'Read-only on Saturday 02:00-04:00 UTC' },
          defaults: SYSTEM_SETTING_DEFAULTS,
          settings: [],
          updated_by: null,
          updated_at: null,
        },
      },
    });
    signIn(operatorProfile.email);
    renderApp('/orgs/123', testFeatures);
    await screen.findByText('Org page');
    const content = document.querySelector('.app-content') as HTMLElement;
    const banner = await within(content).findByRole('status');
    expect(banner).toHaveTextContent('Read-only on Saturday 02:00-04:00 UTC');
    // Above the breadcrumb and the page, under the header.
    expect(content.firstElementChild).toBe(banner);
    expect(calls('GET', '/api/v1/admin/system-settings')).toHaveLength(1);
  });

  it('answers an unknown route with a 404 page that links home', async () => {
    serve(operatorProfile);
    signIn();
    renderApp('/no/such/page', testFeatures);
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/overview');
  });

  it('user dropdown: name, email, roles, and Logout ends the session at the issuer', async () => {
    serve(adminProfile);
    signIn(adminProfile.email, 'id-token-xyz');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApp('/overview', testFeatures);
    await userEvent.click(await screen.findByRole('button', { name: 'User menu: Ada Admin' }));
    const menu = await screen.findByRole('dialog', { name: 'User menu' });
    expect(menu).toHaveTextContent('Ada Admin');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(within(menu).getByText('admin')).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('button', { name: /Logout/ }));
    expect(readSession()).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    // Only the end-session navigation: no login started behind it.
    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(authConfig.endSessionEndpoint);
    expect(url.searchParams.get('id_token_hint')).toBe('id-token-xyz');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${window.location.origin}/`);
  });

  it('offers a reload when a page fails to load', async () => {
    serve(operatorProfile);
    signIn();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const broken: FeatureManifest = {
      key: 'broken',
      requires: 'overview.read',
      routes: [
        { path: '/broken', page: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) },
      ],
    };
    renderApp('/broken', [...testFeatures, broken]);
    expect(await screen.findByText('Failed to load this page')).toBeInTheDocument();
    // The shell stays: only the page area shows the failure.
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Reload/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error page in place of a page that throws, and renders again after navigating', async () => {
    serve(operatorProfile);
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Crashing(): never {
      throw new Error('cannot read the rows');
    }
    const crashing: FeatureManifest = {
      key: 'crashing',
      requires: 'overview.read',
      routes: [{ path: '/crash', page: async () => Crashing }],
    };
    renderApp('/crash', [...testFeatures, crashing]);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('cannot read the rows')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('menuitem', { name: 'Orgs' }));
    expect(await screen.findByText('Orgs page')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('sidebar: entries are links, sections open and close, arrow keys move between them', async () => {
    serve(adminProfile);
    signIn(adminProfile.email);
    renderApp('/providers', testFeatures);
    await screen.findByText('Providers page');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('menuitem', { name: 'Orgs' })).toHaveAttribute('href', '/orgs');
    const current = within(nav).getByRole('menuitem', { name: 'Providers' });
    expect(current).toHaveAttribute('aria-current', 'page');
    // The section of the current page is open, the others closed.
    expect(within(nav).getByRole('menuitem', { name: 'DBaaS Settings' })).toHaveAttribute('aria-expanded', 'true');
    const admin = await within(nav).findByRole('menuitem', { name: 'Admin' });
    expect(admin).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('menuitem', { name: 'Audits' })).not.toBeInTheDocument();
    await userEvent.click(admin);
    expect(admin).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('menuitem', { name: 'Audits' })).toHaveAttribute('href', '/audits');

    current.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(admin).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(nav).getByRole('menuitem', { name: 'Audits' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(admin).toHaveFocus();
    expect(admin).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowRight}');
    expect(admin).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Home}');
    expect(within(nav).getByRole('menuitem', { name: 'Overview' })).toHaveFocus();
    // Up from the first wraps to the last.
    await userEvent.keyboard('{ArrowUp}');
    expect(within(nav).getByRole('menuitem', { name: 'Audits' })).toHaveFocus();
    await userEvent.click(within(nav).getByRole('menuitem', { name: 'Audits' }));
    expect(await screen.findByText('Audits page')).toBeInTheDocument();
  });

  it('collapsed sidebar: icons with their names, and a section widens it', async () => {
    serve(operatorProfile);
    signIn();
    window.localStorage.setItem('portal.sidebarCollapsed', 'true');
    renderApp('/overview', testFeatures);
    await screen.findByText('Overview page');
    expect(document.querySelector('.app-sider-collapsed')).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('menuitem', { name: 'Orgs' })).toHaveAttribute('title', 'Orgs');
    const settings = within(nav).getByRole('menuitem', { name: 'DBaaS Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(settings);
    expect(document.querySelector('.app-sider-collapsed')).toBeNull();
    expect(window.localStorage.getItem('portal.sidebarCollapsed')).toBe('false');
    expect(within(nav).getByRole('menuitem', { name: 'Providers' })).toBeInTheDocument();
  });

  it('remembers the collapsed sidebar', async () => {
    serve(operatorProfile);
    signIn();
    renderApp('/overview', testFeatures);
    await screen.findByText('Overview page');
    const trigger = screen.getByRole('button', { name: 'Collapse the menu' });
    await userEvent.click(trigger);
    expect(window.localStorage.getItem('portal.sidebarCollapsed')).toBe('true');
    expect(document.querySelector('.app-sider-collapsed')).not.toBeNull();
  });
});
