import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Approval, ConfigChange } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ConfigChangeTable } from '../components/ConfigChangeTable';
import { configChange } from '../testing';
import { ConfigHistoryPage } from './ConfigHistoryPage';

vi.setConfig({ testTimeout: 60_000 });

const DETAIL = '/api/v1/devops/cloudconfig/changes/9';
const approval: Approval = {
  id: '41',
  name: 'Configuration change 9',
  status: 'PENDING',
  applicant: 'olivia@example.com',
  start_at: '2024-06-01T08:00:00.000Z',
  end_at: null,
  from_template: 'cluster_config_change',
  subject_type: 'cloud_config_change',
  subject_id: '9',
  nodes: [],
};

const templateChange = (templateId: string | null) =>
  configChange({
    target_type: 'template',
    target_id: 'payments-low-latency',
    tenant_id: null,
    phase: templateId ? 'applied' : 'approving',
    scope: {
      version: { from: '', to: 'v8.1.1' },
      components: [],
      files: [
        {
          filename: 'tidb.toml',
          config_type: 'tidb',
          all_parameters: [{ name: 'token-limit', value: '2000' }],
          modified_parameters: [
            {
              name: 'token-limit',
              action: 'set',
              from: null,
              to: '2000',
              type: 'int',
              apply_policy: 'RollingRestart',
              risk_level: 'medium',
            },
          ],
        },
      ],
      clear_custom_params: [],
      template: {
        name: 'payments-low-latency',
        version: 'v8.1.1',
        effective_minor_version: 'v8.1',
        files: {
          tidb: [{ name: 'token-limit', value: '2000', comment: 'more sessions' }],
          tikv: [],
          tiflash: [],
          init_sql: [{ index: 1, sql: 'CREATE DATABASE app;' }],
        },
        template_id: templateId,
      },
    },
    snapshot: [{ filename: 'tidb.toml', name: 'token-limit', value: '2000' }],
  });

function serve(change: ConfigChange) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${DETAIL}`]: { body: { change } },
    'GET /api/v1/devops/approval/approvals/:id': { body: { approval } },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
  });
}
const render = () =>
  renderWithProviders(<ConfigHistoryPage />, { path: '/confighistories/9', routePath: '/confighistories/:historyId' });

describe('/confighistories/:historyId of the other target types', () => {
  it('a template change: its files tab shows the template parameters and INIT_SQL, the Version tab its version', async () => {
    serve(templateChange(null));
    render();
    const tmpl = await screen.findByLabelText('Template tidb parameters');
    expect(tmpl).toHaveTextContent('token-limit');
    expect(tmpl).toHaveTextContent('2000');
    expect(tmpl).toHaveTextContent('more sessions');
    expect(screen.getByLabelText('INIT_SQL')).toHaveTextContent('CREATE DATABASE app;');
    expect(
      screen.getByText('payments-low-latency', { selector: '.ant-descriptions-item-content *' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Version' }));
    const version = await screen.findByText('Template Version');
    expect(version.closest('table') ?? document.body).toHaveTextContent('v8.1.1');
    expect(screen.getByText('v8.1')).toBeInTheDocument();
  });

  it('an applied template change links its template', async () => {
    serve(templateChange('31'));
    render();
    expect(await screen.findByRole('link', { name: 'payments-low-latency' })).toHaveAttribute(
      'href',
      '/template/31?cluster_type=DEDICATED_TIDB',
    );
  });

  it('a version change of a cluster shows from → to in its Version tab, opened first', async () => {
    serve(
      configChange({
        change_type: 'version',
        scope: { version: { from: 'v8.5.1', to: 'v8.5.2' }, components: [], files: [], clear_custom_params: [] },
      }),
    );
    render();
    const tab = await screen.findByRole('tab', { name: 'Version' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Version' });
    expect(within(panel).getByText('v8.5.1')).toBeInTheDocument();
    expect(within(panel).getByText('v8.5.2')).toBeInTheDocument();
  });

  it('a tenant init change links its tenant', async () => {
    serve(configChange({ target_type: 'tenant_init', target_id: '1372813089209061633' }));
    render();
    expect(await screen.findByText('Init Config')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '1372813089209061633' })[0]).toHaveAttribute(
      'href',
      '/orgs/1372813089209061633/',
    );
  });
});

describe('change list targets', () => {
  it('shows what each change is about: a cluster, a tenant init configuration, a template', async () => {
    mockFetch({
      'GET /api/v1/devops/cloudconfig/changes': {
        body: {
          items: [
            configChange({ id: '1' }),
            configChange({ id: '2', target_type: 'tenant_init', target_id: '555', tenant_id: '555' }),
            templateChange('31'),
          ].map(({ snapshot: _s, ...c }) => c),
          total: 3,
        },
      },
    });
    renderWithProviders(<ConfigChangeTable />, { path: '/configchange' });
    const table = await screen.findByRole('table', { name: 'Configuration changes' });
    expect(await within(table).findByText('Init config (DEDICATED_TIDB) of tenant')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '555' })).toHaveAttribute('href', '/orgs/555/');
    expect(within(table).getByRole('link', { name: 'payments-low-latency' })).toHaveAttribute(
      'href',
      '/template/31?cluster_type=DEDICATED_TIDB',
    );
    expect(within(table).getByRole('link', { name: '10086' })).toBeInTheDocument();
  });
});
