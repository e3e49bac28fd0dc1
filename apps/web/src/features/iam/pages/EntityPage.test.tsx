import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IAM_MESSAGES } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { apiKey, group, I, iamAdmin, list, user } from '../testing';
import { EntityPage } from './EntityPage';
// Tabs and dialogs load on first use: loaded here, so a busy machine's transform time is not a test's wait.
import '../tabs/UsersTab';
import '../tabs/UserGroupsTab';
import '../tabs/ApiKeysTab';
import '../components/CreateApiKeyDialog';
import '../components/ApiKeySecretDialog';

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'mpk_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: iamAdmin },
    [`GET ${I}/users`]: { body: list([user()]) },
    [`GET ${I}/usergroups`]: { body: list([group()]) },
    [`GET ${I}/apikeys`]: {
      body: list([apiKey(), apiKey({ name: 'legacy-deploy', status: 'revoked', role: 'operator' })]),
    },
    [`GET ${I}/roles`]: {
      body: list([
        { name: 'viewer', description: 'Sees every area', builtin: true, privileges: [], users: 1, bindings: 2 },
      ]),
    },
    [`POST ${I}/apikeys`]: (req) => ({
      status: 201,
      body: { ...apiKey({ name: (req.body as { name: string }).name }), secret: SECRET, bindings: undefined },
    }),
  });
}

const render = (path: string) => renderWithProviders(<EntityPage />, { path, routePath: '/iam/entity' });

describe('/iam/entity', () => {
  it('lists users with their roles and groups, searchable', async () => {
    const { calls } = serve();
    render('/iam/entity');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByRole('link', { name: 'maria.garcia@example.com' })).toHaveAttribute(
      'href',
      '/iam/entity/users/maria.garcia%40example.com',
    );
    expect(within(table).getByRole('link', { name: 'billing-team' })).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search by email or name'), 'maria{Enter}');
    await waitFor(() => expect(calls('GET', `${I}/users`).at(-1)?.url.searchParams.get('search')).toBe('maria'));
  });

  it('opens the tab named in the URL: user groups with their bindings', async () => {
    serve();
    const { router } = render('/iam/entity?tab=usergroups');
    const table = await screen.findByRole('table', { name: 'User groups' });
    expect(await within(table).findByRole('link', { name: 'support-readonly' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'deny-ctl-write' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'API keys' }));
    expect(await screen.findByRole('table', { name: 'API keys' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=apikeys');
  });

  it('creates an API key and shows its secret once, with a warning', async () => {
    const { calls } = serve();
    render('/iam/entity?tab=apikeys');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(await within(table).findByText('Revoked')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Bad Name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(IAM_MESSAGES.name)).toBeInTheDocument();
    expect(calls('POST', `${I}/apikeys`)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'deploy-bot');
    await userEvent.click(within(dialog).getByLabelText('Role'));
    await userEvent.click(await screen.findByTitle('viewer — Sees every area'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'API Key deploy-bot Created' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(IAM_MESSAGES.secretOnce)).toBeInTheDocument();
    const body = calls('POST', `${I}/apikeys`)[0]?.body as { name: string; role: string; expires_at: string };
    expect(body).toMatchObject({ name: 'deploy-bot', role: 'viewer' });
    // 90 days by default.
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(89 * 86_400_000);

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  });
});
