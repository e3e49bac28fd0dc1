import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListResult, DefaultCaseBinding, RouteResponse } from '@portal/contract';
import type { configcenterApi } from '@portal/contract';
import { mockFetch } from '../../../../test/fetchMock';
import { renderWithProviders } from '../../../../test/render';
import { DefaultCaseTable } from './DefaultCaseTable';
import { binding, diff, P, summary, template, version } from '../../testing';

vi.setConfig({ testTimeout: 60_000 });

const CASES = `${P}/default_cases`;

const rows: DefaultCaseBinding[] = [
  binding({ id: '1', current_template: { id: '101', name: 'tidb-v8.1-default' } }),
  binding({
    id: '2',
    default_case: { cloud_provider: null, instance_type: null },
    source_template: null,
    current_template: { id: '102', name: 'tidb-v8.1-staged' },
    change_id: '7',
  }),
  binding({
    id: '3',
    default_case: { cloud_provider: 'GCP', instance_type: 'n2-standard-8' },
    current_template: { id: '103', name: 'tidb-v8.1-gcp' },
  }),
];

function serve(page: ListResult<DefaultCaseBinding> = { items: rows, total: rows.length }) {
  const configTypes: RouteResponse<typeof configcenterApi.configTypes> = {
    // Scrambled on purpose: the filter orders them (spec §9).
    config_types: ['tiflash_learner', 'pd', 'tiflash', 'tidb', 'tikv'],
  };
  const instanceTypes: RouteResponse<typeof configcenterApi.instanceTypes> = {
    instance_types: [
      { cloud_provider: 'AWS', instance_type: 'm5.2xlarge', components: ['TIDB', 'TIKV'] },
      { cloud_provider: 'GCP', instance_type: 'n2-standard-8', components: ['TIDB'] },
    ],
  };
  const versions: RouteResponse<typeof configcenterApi.versions> = {
    versions: [version('v8.1.1'), version('v8.5.0')],
  };
  return mockFetch({
    [`GET ${P}/versions`]: { body: versions },
    [`GET ${P}/config_types`]: { body: configTypes },
    [`GET ${P}/instance_types`]: { body: instanceTypes },
    [`GET ${CASES}`]: { body: page },
    [`GET ${P}/templates/diff`]: { body: diff() },
    [`GET ${P}/templates`]: { body: { items: [summary({ id: '201', name: 'tidb-new' })], total: 1 } },
    [`POST ${P}/default_config/changes`]: { status: 201, body: { change_id: '42' } },
    [`GET ${P}/templates/:id`]: {
      body: { template: template() } satisfies RouteResponse<typeof configcenterApi.template>,
    },
  });
}

const checkbox = (row: DefaultCaseBinding) => screen.getByRole('checkbox', { name: `Select ${row.key}` });

async function openOptions(label: string): Promise<string[]> {
  fireEvent.click(screen.getByLabelText(label));
  return waitFor(() => {
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
    expect(options.length).toBeGreaterThan(0);
    return options;
  });
}

describe('default-case table (spec §2)', () => {
  it('shows "Any" for a case without provider or instance type, "—" without a source, and links templates', async () => {
    serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    const table = await screen.findByRole('table', { name: 'Default cases' });
    const staged = (await within(table).findByText('tidb-v8.1-staged')).closest('tr') as HTMLElement;
    expect(within(staged).getAllByText('Any')).toHaveLength(2);
    expect(within(staged).getByText('—')).toBeInTheDocument();
    expect(within(staged).getByText('tidb-v8.1-staged')).toHaveAttribute(
      'href',
      '/template/102?cluster_type=DEDICATED_TIDB',
    );
    // Staged by an in-progress change: links to it and cannot be selected.
    expect(within(staged).getByRole('link', { name: 'In change 7' })).toHaveAttribute(
      'href',
      '/defaultconfig/change/7',
    );
    expect(checkbox(rows[1]!)).toBeDisabled();
    const first = within(table).getByText('tidb-v8.1-default').closest('tr') as HTMLElement;
    expect(within(first).getByText('tidb-v8.1-base')).toHaveAttribute(
      'href',
      '/template/100?cluster_type=DEDICATED_TIDB',
    );
    expect(within(first).getByText('m5.2xlarge')).toBeInTheDocument();
  });

  it('expands a row to the current template parameters (name, value, comment)', async () => {
    const { calls } = serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    await screen.findByText('tidb-v8.1-default');
    expect(screen.queryByText('quieter logs')).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Expand row' })[0]!);
    const params = await screen.findByRole('table', { name: 'Parameters of template 101' });
    expect(await within(params).findByText('log.level')).toBeInTheDocument();
    expect(within(params).getByText('info')).toBeInTheDocument();
    expect(within(params).getByText('quieter logs')).toBeInTheDocument();
    expect(calls('GET', `${P}/templates/101`)[0]?.url.searchParams.get('cluster_type')).toBe('DEDICATED_TIDB');
  });

  it('select-all selects only the rows no change stages; Modify is disabled with nothing selected', async () => {
    serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    await screen.findByText('tidb-v8.1-default');
    const modify = screen.getByRole('button', { name: /Modify/ });
    expect(modify).toBeDisabled();
    fireEvent.click(modify);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(checkbox(rows[0]!)).toBeChecked();
    expect(checkbox(rows[1]!)).not.toBeChecked();
    expect(checkbox(rows[2]!)).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();
    expect(screen.getByRole('button', { name: /Modify \(2\)/ })).toBeEnabled();

    // Select-all again clears the page.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(checkbox(rows[0]!)).not.toBeChecked();
    expect(checkbox(rows[2]!)).not.toBeChecked();
    expect(screen.getByRole('button', { name: /Modify/ })).toBeDisabled();
  });

  it('Diff compares the source template with the current one', async () => {
    const { calls } = serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    const first = (await screen.findByText('tidb-v8.1-default')).closest('tr') as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: 'Diff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Template Diff' });
    const table = await within(dialog).findByRole('table', { name: 'Source vs current' });
    expect(await within(table).findByText('log.level')).toBeInTheDocument();
    expect(calls('GET', `${P}/templates/diff`)[0]?.url.searchParams.toString()).toBe('from=100&to=101');
    // Never released to prod: nothing to compare with.
    const staged = screen.getByText('tidb-v8.1-staged').closest('tr') as HTMLElement;
    expect(within(staged).queryByRole('button', { name: 'Diff' })).not.toBeInTheDocument();
  });

  it('Modify with selected rows creates a change and links to it', async () => {
    const { calls } = serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    await screen.findByText('tidb-v8.1-default');
    await userEvent.click(checkbox(rows[0]!));
    await userEvent.click(checkbox(rows[2]!));
    await userEvent.click(screen.getByRole('button', { name: /Modify \(2\)/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Modify Templates' });
    expect(within(dialog).getByText(/2 default cases/)).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByLabelText('New Template'));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Quieter logs' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('link', { name: '42' })).toHaveAttribute('href', '/defaultconfig/change/42');
    const body = calls('POST', `${P}/default_config/changes`)[0]?.body as { default_case_bindings: unknown[] };
    expect(body.default_case_bindings).toHaveLength(2);
    // The selection is spent.
    expect(checkbox(rows[0]!)).not.toBeChecked();
  });

  it('orders the config-type filter tidb, tikv, pd, tiflash, tiflash_learner', async () => {
    serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    await screen.findByText('tidb-v8.1-default');
    expect(await openOptions('Config type')).toEqual(['tidb', 'tikv', 'pd', 'tiflash', 'tiflash_learner']);
  });

  it('labels instance types with their provider', async () => {
    serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    await screen.findByText('tidb-v8.1-default');
    expect(await openOptions('Instance type')).toEqual(['AWS · m5.2xlarge', 'GCP · n2-standard-8']);
  });

  it('reads every filter from the URL into the default-case search (page size 10)', async () => {
    const { calls } = serve();
    renderWithProviders(<DefaultCaseTable />, {
      path: '/template?cluster_type=TICDC&version=v8.1.1&config_type=tikv&config_type=pd&instance_type=GCP:n2-standard-8',
    });
    await screen.findByText('tidb-v8.1-default');
    const query = calls('GET', CASES)[0]?.url.searchParams;
    expect(query?.get('cluster_type')).toBe('TICDC');
    expect(query?.get('default_for_version')).toBe('v8.1.1');
    expect(query?.getAll('config_type_is')).toEqual(['tikv', 'pd']);
    expect(query?.get('default_for_cloud_provider')).toBe('GCP');
    expect(query?.get('default_for_instance_type')).toBe('n2-standard-8');
    expect(query?.get('per_page')).toBe('10');
    expect(screen.getByLabelText('Cluster type')).toHaveValue('TiCDC');
    expect(calls('GET', `${P}/config_types`)[0]?.url.searchParams.get('cluster_type')).toBe('TICDC');
  });

  it('defaults the cluster type to DEDICATED_TIDB', async () => {
    const { calls } = serve();
    renderWithProviders(<DefaultCaseTable />, { path: '/template' });
    await screen.findByText('tidb-v8.1-default');
    expect(calls('GET', CASES)[0]?.url.searchParams.get('cluster_type')).toBe('DEDICATED_TIDB');
    expect(screen.getByLabelText('Cluster type')).toHaveValue('Dedicated');
  });
});
