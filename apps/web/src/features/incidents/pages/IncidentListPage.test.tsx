import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INCIDENT_MESSAGES, INCIDENT_STATUS_COLORS } from '@portal/contract';
import type { Profile } from '@portal/contract';
import type { Reply } from '../../../test/fetchMock';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, operatorProfile, tenant, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { incidentsFeature } from '..';
import { incident, P } from '../testing';
import { IncidentListPage } from './IncidentListPage';

vi.setConfig({ testTimeout: 60_000 });

function serve(profile: Profile = operatorProfile, create: Reply = { status: 201, body: {} }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${P}`]: {
      body: {
        items: [
          incident(),
          incident({
            id: 'INC-1041',
            title: 'Billing exports delayed',
            severity: 'minor',
            status: 'resolved',
            tenants: [],
            clusters: [],
            resolved_at: '2024-05-30T12:00:00.000Z',
          }),
        ],
        total: 2,
      },
    },
    'GET /api/v1/admin/orgs': { body: { items: [tenant()], total: 1 } },
    'GET /api/v1/devops/cluster/clusters': {
      body: { items: [cluster({ id: '10086', name: 'orders-prod' })], total: 1 },
    },
    [`POST ${P}`]: create,
  });
}

// `/incidents/*`: the shell (and its toasts) stays when a create opens the new incident's page.
const render = (path = '/incidents') => renderWithProviders(<IncidentListPage />, { path, routePath: '/incidents/*' });

/** Opens a select by its accessible name and clicks the option reading `option`. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const hit = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => o.textContent === option,
    );
    if (!hit) throw new Error(`no option ${option}`);
    return hit;
  });
  fireEvent.click(found);
}

describe('/incidents', () => {
  it('lists incidents with links, severities, statuses and what they affect', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Incidents' });
    expect(await within(table).findByRole('link', { name: 'INC-1042' })).toHaveAttribute('href', '/incidents/INC-1042');
    expect(within(table).getByText('SEV2 · Major')).toBeInTheDocument();
    expect(within(table).getByText('Open')).toBeInTheDocument();
    expect(within(table).getByText('Resolved')).toBeInTheDocument();
    const affected = within(table).getByText('1 tenant').parentElement!;
    expect(affected).toHaveTextContent('1 tenant1 cluster');
    expect(within(affected).getByText('1 cluster')).toBeInTheDocument();
  });

  it('loads the list with the filters of the URL, 10 per page', async () => {
    const { requests } = serve();
    render(
      '/incidents?status=open&status=acknowledged&severity=critical&tenant_id=1372813089189341184&cluster_id=10086&started_from=2024-06-01&started_to=2024-06-30',
    );
    await screen.findByRole('table', { name: 'Incidents' });
    const list = requests.find((r) => r.method === 'GET' && r.url.pathname === P)!;
    const q = list.url.searchParams;
    expect(q.getAll('status')).toEqual(['open', 'acknowledged']);
    expect(q.getAll('severity')).toEqual(['critical']);
    expect(q.get('tenant_id')).toBe('1372813089189341184');
    expect(q.get('cluster_id')).toBe('10086');
    expect(q.get('started_from')).toBe('2024-06-01');
    expect(q.get('started_to')).toBe('2024-06-30');
    expect(q.get('per_page')).toBe('10');
    expect(q.get('sort')).toBe('-started_at');
  });

  it('offers Create Incident only to those who may operate', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Incidents' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Incident' })).not.toBeInTheDocument());
  });

  it('creates an incident: the fields validate first, then "Create successful!" and its page opens', async () => {
    const created = incident({ id: 'INC-1043' });
    const { calls } = serve(operatorProfile, { status: 201, body: { incident: created } });
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Incident' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(INCIDENT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(INCIDENT_MESSAGES.severityRequired)).toBeInTheDocument();
    expect(calls('POST', P)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Title'), '  Orders API 5xx  ');
    await choose(dialog, 'Severity', 'SEV1 · Critical');
    await userEvent.type(within(dialog).getByLabelText('Commander'), 'Olivia@Example.com');
    await choose(dialog, 'Affected tenants', 'Acme Corp (1372813089189341184)');
    await choose(dialog, 'Affected clusters', 'orders-prod (10086)');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Checkout fails for 30 % of requests.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(INCIDENT_MESSAGES.created)).toBeInTheDocument();
    const [body] = calls('POST', P).map((r) => r.body as Record<string, unknown>);
    expect(body).toMatchObject({
      title: 'Orders API 5xx',
      severity: 'critical',
      commander: 'Olivia@Example.com',
      tenant_ids: ['1372813089189341184'],
      cluster_ids: ['10086'],
      description: 'Checkout fails for 30 % of requests.',
    });
    // Started now, to the minute, in UTC.
    expect(body!.started_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
    expect(Math.abs(Date.parse(body!.started_at as string) - Date.now())).toBeLessThan(2 * 60_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/INC-1043'));
  });

  it('refuses a start time in the future', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Incident' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Future');
    await choose(dialog, 'Severity', 'SEV3 · Minor');
    const picker = within(dialog).getByLabelText('Started at');
    const inOneHour = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    await userEvent.click(picker);
    await userEvent.clear(picker);
    await userEvent.type(picker, `${inOneHour}{enter}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(INCIDENT_MESSAGES.startInFuture)).toBeInTheDocument();
    expect(calls('POST', P)).toHaveLength(0);
  });

  it('puts the server’s refusal of a field on that field', async () => {
    const message = 'nobody@example.com is not a user of the portal';
    serve(operatorProfile, {
      status: 400,
      body: { code: 'incident.unknownUser', message, requestId: 'r', details: [{ field: 'body.commander', message }] },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Incident' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Orders API 5xx');
    await choose(dialog, 'Severity', 'SEV2 · Major');
    await userEvent.type(within(dialog).getByLabelText('Commander'), 'nobody@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(INCIDENT_MESSAGES.created)).not.toBeInTheDocument();
  });

  it('declares the contract’s status colours, its menu entry and its links in its manifest', () => {
    const declared = Object.fromEntries(
      Object.entries(incidentsFeature.statusColors ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(declared).toEqual(INCIDENT_STATUS_COLORS);
    expect(incidentsFeature.menu).toEqual({
      section: 'eventCenter',
      key: 'incidents',
      label: 'Incidents',
      path: '/incidents',
      order: 1,
    });
    expect(incidentsFeature.menu).not.toHaveProperty('icon');
    expect(incidentsFeature.auditLinks?.map((l) => [l.type, l.path('INC-1')])).toEqual([
      ['incident', '/incidents/INC-1'],
    ]);
    expect(incidentsFeature.objectLinks?.map((l) => [l.kind, l.path?.('INC-1')])).toEqual([
      ['incident', '/incidents/INC-1'],
    ]);
  });
});
