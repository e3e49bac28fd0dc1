import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { configcenterApi, configchangeApi, ParameterAttribute, RouteResponse } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DictPage } from './DictPage';

vi.setConfig({ testTimeout: 60_000 });

const P = '/api/v1/devops/cloudconfig';

const versions: RouteResponse<typeof configcenterApi.versions> = {
  versions: ['v7.5.4', 'v8.1.2', 'v8.5.1'].map((version) => ({
    cluster_type: 'DEDICATED_TIDB' as const,
    version,
    is_default: version === 'v8.1.2',
    source: 'seed' as const,
    environments: ['prod' as const],
    created_at: '2026-01-05T10:00:00Z',
  })),
};
// The server's order; the page shows tidb first (spec §9 priorities).
const configTypes: RouteResponse<typeof configcenterApi.configTypes> = { config_types: ['pd', 'tikv', 'tidb'] };

function param(configType: ParameterAttribute['config_type'], over: Partial<ParameterAttribute>): ParameterAttribute {
  return {
    name: 'x',
    filename: `${configType}.toml`,
    config_type: configType,
    default_value: '',
    type: 'string',
    apply_policy: 'RollingRestart',
    validation: {},
    description: '',
    risk_level: 'low',
    ...over,
  };
}

const tidbParams: ParameterAttribute[] = [
  param('tidb', {
    name: 'performance.max-procs',
    default_value: '0',
    type: 'int',
    validation: { minimum: 0, maximum: 256 },
    description: 'How many CPUs TiDB uses.',
    risk_level: 'high',
  }),
  param('tidb', {
    name: 'log.level',
    default_value: 'info',
    apply_policy: 'HotReload',
    validation: { enum: ['debug', 'info', 'warn', 'error'] },
    description: 'The log verbosity.',
  }),
  param('tidb', {
    name: 'instance.tidb_gc_life_time',
    default_value: '10m0s',
    validation: { pattern: '^\\d+[smh]' },
    description: 'How long deleted versions are kept.',
    risk_level: 'medium',
  }),
  // Enough more to need a second page.
  ...Array.from({ length: 9 }, (_, i) => param('tidb', { name: `misc.option-${i + 1}`, description: 'other' })),
];
const tikvParams: ParameterAttribute[] = [
  param('tikv', { name: 'raftstore.capacity', default_value: '0', description: 'Store capacity.' }),
];

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${P}/versions`]: { body: versions },
    [`GET ${P}/config_types`]: { body: configTypes },
    [`GET ${P}/parameters`]: (req) => {
      const items = req.url.searchParams.get('config_type') === 'tikv' ? tikvParams : tidbParams;
      const answer: RouteResponse<typeof configchangeApi.parameters> = { items, total: items.length };
      return { body: answer };
    },
  });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('/dict', () => {
  it('shows the catalogue of the first config type at the default version, rules in words, 10 a page', async () => {
    const { calls } = serve();
    renderWithProviders(<DictPage />, { path: '/dict' });
    await screen.findByText('performance.max-procs');
    const query = calls('GET', `${P}/parameters`).at(-1)?.url.searchParams;
    expect(query?.get('config_type')).toBe('tidb');
    expect(query?.get('version')).toBe('v8.1.2');
    expect(calls('GET', `${P}/config_types`).at(-1)?.url.searchParams.get('version')).toBe('v8.1.2');
    expect(screen.getByLabelText('Config type')).toHaveValue('tidb');
    expect(screen.getByLabelText('Version')).toHaveValue('v8.1.2');

    expect(rowOf('performance.max-procs')).toHaveTextContent('between 0 and 256');
    expect(rowOf('performance.max-procs')).toHaveTextContent('int');
    expect(within(rowOf('performance.max-procs')).getByText('high')).toHaveClass('ant-tag-red');
    expect(rowOf('log.level')).toHaveTextContent('one of debug, info, warn, error');
    expect(rowOf('log.level')).toHaveTextContent('HotReload');
    expect(rowOf('instance.tidb_gc_life_time')).toHaveTextContent('matches ^\\d+[smh]');
    // Columns: name, default value, type, apply policy, validation, risk level, description.
    expect(within(rowOf('misc.option-1')).getAllByRole('cell')[4]?.textContent).toBe('-');
    expect(within(rowOf('log.level')).getAllByRole('cell')[4]?.textContent).toBe('one of debug, info, warn, error');

    const table = screen.getByRole('table', { name: 'Parameters' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.queryByText('misc.option-9')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('misc.option-9')).toBeInTheDocument();
  });

  it('filters by name or description through the URL search', async () => {
    serve();
    const { router } = renderWithProviders(<DictPage />, { path: '/dict' });
    await screen.findByText('performance.max-procs');
    await userEvent.type(screen.getByLabelText('Search parameters'), 'GC{Enter}');
    await waitFor(() => expect(screen.queryByText('performance.max-procs')).not.toBeInTheDocument());
    expect(screen.getByText('instance.tidb_gc_life_time')).toBeInTheDocument();
    expect(screen.queryByText('log.level')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=GC');

    await userEvent.clear(screen.getByLabelText('Search parameters'));
    await userEvent.type(screen.getByLabelText('Search parameters'), 'verbosity{Enter}');
    expect(await screen.findByText('log.level')).toBeInTheDocument();
    expect(screen.queryByText('instance.tidb_gc_life_time')).not.toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Search parameters'));
    await userEvent.type(screen.getByLabelText('Search parameters'), 'nothing-like-it{Enter}');
    expect(await screen.findByText('No parameter matches "nothing-like-it"')).toBeInTheDocument();
  });

  it('opens on the URL choices and follows the config type picker', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<DictPage />, { path: '/dict?version=v8.5.1&search=max' });
    await screen.findByText('performance.max-procs');
    expect(screen.queryByText('log.level')).not.toBeInTheDocument();
    expect(calls('GET', `${P}/parameters`).at(-1)?.url.searchParams.get('version')).toBe('v8.5.1');

    await userEvent.click(screen.getByLabelText('Config type'));
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
      expect(found).toHaveLength(3);
      return found.map((o) => o.textContent);
    });
    expect(options).toEqual(['tidb', 'tikv', 'pd']);
    await userEvent.click(await screen.findByTitle('tikv'));
    await waitFor(() =>
      expect(calls('GET', `${P}/parameters`).at(-1)?.url.searchParams.get('config_type')).toBe('tikv'),
    );
    expect(router.state.location.search).toBe('?version=v8.5.1&search=max&config_type=tikv');
    // The search still applies: "max" matches nothing of tikv's.
    expect(await screen.findByText('No parameter matches "max"')).toBeInTheDocument();
  });
});
