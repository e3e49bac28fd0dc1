import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INCIDENT_MESSAGES, INCIDENT_STATUSES } from '@portal/contract';
import type { Incident, IncidentLog, IncidentStatus, Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { incident, log, P } from '../testing';
import { IncidentDetailPage } from './IncidentDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = `${P}/INC-1042`;
const LOGS = `${DETAIL}/logs`;

function serve(
  current: () => Incident,
  extra: Parameters<typeof mockFetch>[0] = {},
  profile: Profile = operatorProfile,
  logs: () => IncidentLog[] = () => [log()],
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${DETAIL}`]: () => ({ body: { incident: current() } }),
    [`GET ${LOGS}`]: () => ({ body: { items: logs(), total: logs().length } }),
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = (path = '/incidents/INC-1042') =>
  renderWithProviders(<IncidentDetailPage />, { path, routePath: '/incidents/:incidentId' });
const TITLE = 'INC-1042 TiKV write latency spike in us-east-1';
const button = (name: string) => screen.getByRole('button', { name });
const header = () => screen.getByRole('heading', { name: /INC-1042/ }).closest('.page-header') as HTMLElement;

/**
 * Which status action each status enables (spec: open → acknowledged → mitigated → resolved; a mitigation may fail
 * back to acknowledged, a resolved incident may be reopened), written out rather than read from the contract, so a
 * wrong state table fails. The first button reads "Mitigation failed" while mitigated.
 */
const ENABLED: Record<IncidentStatus, { first: string; enabled: string[] }> = {
  open: { first: 'Acknowledge', enabled: ['Acknowledge', 'Mitigate', 'Resolve'] },
  acknowledged: { first: 'Acknowledge', enabled: ['Mitigate', 'Resolve'] },
  mitigated: { first: 'Mitigation failed', enabled: ['Mitigation failed', 'Resolve'] },
  resolved: { first: 'Acknowledge', enabled: ['Reopen'] },
};

describe('/incidents/:incidentId', () => {
  it.each(INCIDENT_STATUSES.map((s) => [s]))(
    'in status %s enables the actions its state table allows',
    async (status) => {
      serve(() => incident({ status }));
      render();
      await screen.findByRole('heading', { name: TITLE });
      const { first, enabled } = ENABLED[status];
      for (const name of [first, 'Mitigate', 'Resolve', 'Reopen'])
        expect(within(header()).getByRole('button', { name }), name).toHaveProperty(
          'disabled',
          !enabled.includes(name),
        );
      expect(within(header()).getByRole('button', { name: 'Edit' })).toBeEnabled();
    },
  );

  it('covers every status of the contract', () => {
    expect([...INCIDENT_STATUSES].sort()).toEqual(Object.keys(ENABLED).sort());
  });

  it('shows the facts: severity, status, commander, affected tenants and clusters with links', async () => {
    serve(() => incident());
    render();
    await screen.findByRole('heading', { name: TITLE });
    expect(within(header()).getByText('SEV2 · Major')).toBeInTheDocument();
    expect(within(header()).getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('p99 write latency above 2 s on orders-prod since 09:58.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10086' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    expect(screen.getByRole('link', { name: '1372813089189341184' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/',
    );
  });

  it('offers no actions, Edit or log form to a viewer', async () => {
    serve(() => incident(), {}, viewerProfile);
    render();
    await screen.findByRole('heading', { name: /INC-1042/ });
    expect(await screen.findByRole('table', { name: 'Timeline' })).toBeInTheDocument();
    for (const name of ['Acknowledge', 'Mitigate', 'Resolve', 'Reopen', 'Edit', 'Add log'])
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
  });

  it('acknowledges at once with "Save successful!"', async () => {
    let current = incident();
    const { calls } = serve(() => current, {
      [`PUT ${DETAIL}`]: (req) => {
        current = { ...current, status: (req.body as { status: IncidentStatus }).status };
        return { body: { incident: current } };
      },
    });
    render();
    await waitFor(() => expect(button('Acknowledge')).toBeEnabled());
    await userEvent.click(button('Acknowledge'));
    expect(await screen.findByText(INCIDENT_MESSAGES.saved)).toBeInTheDocument();
    expect(calls('PUT', DETAIL).map((r) => r.body)).toEqual([{ status: 'acknowledged' }]);
    await waitFor(() => expect(button('Acknowledge')).toBeDisabled());
    expect(within(header()).getByText('Acknowledged')).toBeInTheDocument();
  });

  it('asks before resolving; declined, nothing is sent; confirmed, it is resolved and can be reopened', async () => {
    let current = incident({ status: 'mitigated', mitigated_at: '2024-06-01T10:30:00.000Z' });
    const { calls } = serve(() => current, {
      [`PUT ${DETAIL}`]: () => {
        current = { ...current, status: 'resolved', resolved_at: '2024-06-01T11:00:00.000Z' };
        return { body: { incident: current } };
      },
    });
    render();
    await waitFor(() => expect(button('Resolve')).toBeEnabled());

    await userEvent.click(button('Resolve'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Resolve INC-1042?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('PUT', DETAIL)).toHaveLength(0);

    await userEvent.click(button('Resolve'));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText(INCIDENT_MESSAGES.saved)).toBeInTheDocument();
    expect(calls('PUT', DETAIL).map((r) => r.body)).toEqual([{ status: 'resolved' }]);
    await waitFor(() => expect(within(header()).getByRole('button', { name: 'Reopen' })).toBeEnabled());
    expect(within(header()).getByRole('button', { name: 'Resolve' })).toBeDisabled();
    expect(within(header()).getByText('Resolved')).toBeInTheDocument();
  });

  it('shows a refused move in the operation-failure dialog', async () => {
    serve(() => incident(), {
      [`PUT ${DETAIL}`]: {
        status: 409,
        body: {
          code: 'incident.statusForbids',
          message: 'An incident that is resolved cannot move to acknowledged',
          requestId: 'r',
        },
      },
    });
    render();
    await waitFor(() => expect(button('Acknowledge')).toBeEnabled());
    await userEvent.click(button('Acknowledge'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('incident.statusForbids');
    expect(dialog).toHaveTextContent('An incident that is resolved cannot move to acknowledged');
    expect(screen.queryByText(INCIDENT_MESSAGES.saved)).not.toBeInTheDocument();
  });
});

describe('/incidents/:incidentId timeline', () => {
  it('reads the logs newest first', async () => {
    const { calls } = serve(
      () => incident(),
      {},
      operatorProfile,
      () => [log({ id: '2', text: 'Rolled back the TiKV config.', at: '2024-06-01T10:20:00.000Z' }), log()],
    );
    render();
    const table = await screen.findByRole('table', { name: 'Timeline' });
    expect(await within(table).findByText('Rolled back the TiKV config.')).toBeInTheDocument();
    expect(calls('GET', LOGS)[0]?.url.searchParams.get('sort')).toBe('-at');
  });

  it('adds a log: an empty text says "text is required" and sends nothing; a note is sent trimmed', async () => {
    const logs = [log()];
    const { calls } = serve(
      () => incident(),
      {
        [`POST ${LOGS}`]: (req) => {
          const added = log({ id: '3', text: (req.body as { text: string }).text, at: '2024-06-01T10:40:00.000Z' });
          logs.unshift(added);
          return { status: 201, body: { log: added } };
        },
      },
      operatorProfile,
      () => logs,
    );
    render();
    const field = await screen.findByLabelText('Add log');
    await userEvent.click(button('Add log'));
    expect(await screen.findByText(INCIDENT_MESSAGES.logTextRequired)).toBeInTheDocument();
    await userEvent.type(field, '   ');
    await userEvent.click(button('Add log'));
    expect(await screen.findByText(INCIDENT_MESSAGES.logTextRequired)).toBeInTheDocument();
    expect(calls('POST', LOGS)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '  Failed over the PD leader.  ');
    await userEvent.click(button('Add log'));
    expect(await screen.findByText(INCIDENT_MESSAGES.created)).toBeInTheDocument();
    expect(calls('POST', LOGS).map((r) => r.body)).toEqual([{ text: 'Failed over the PD leader.' }]);
    expect(screen.queryByText(INCIDENT_MESSAGES.logTextRequired)).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Timeline' });
    expect(await within(table).findByText('Failed over the PD leader.')).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('shows the server’s refusal of a log under the field, keeping the text', async () => {
    const message = 'text must be at most 4000 characters';
    serve(() => incident(), {
      [`POST ${LOGS}`]: {
        status: 400,
        body: { code: 'validation', message, requestId: 'r', details: [{ field: 'body.text', message }] },
      },
    });
    render();
    const field = await screen.findByLabelText('Add log');
    await userEvent.type(field, 'a note');
    await userEvent.click(button('Add log'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveValue('a note');
    expect(screen.queryByText(INCIDENT_MESSAGES.created)).not.toBeInTheDocument();
  });
});
