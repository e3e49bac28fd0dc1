import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RouteResponse, configcenterApi, Template } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { P, template } from '../testing';
import { TemplateDetailPage } from './TemplateDetailPage';

vi.setConfig({ testTimeout: 60_000 });

function serve(t: Template) {
  const body: RouteResponse<typeof configcenterApi.template> = { template: t };
  return mockFetch({ [`GET ${P}/templates/:id`]: { body } });
}

const show = (id: string) =>
  renderWithProviders(<TemplateDetailPage />, {
    path: `/template/${id}?cluster_type=DEDICATED_TIDB`,
    routePath: '/template/:templateId',
  });

describe('/template/:templateId (spec §2)', () => {
  it('a default template: ID, name, config type, parameters 30 per page, and Default For ("Any" when unset)', async () => {
    const parameters = Array.from({ length: 35 }, (_, i) => ({
      name: `p.${String(i + 1).padStart(2, '0')}`,
      value: String(i),
      comment: i === 0 ? 'the first' : '',
    }));
    const { calls } = serve(
      template({
        parameters,
        default_cases: [
          {
            cluster_type: 'DEDICATED_TIDB',
            version: 'v8.1.1',
            cloud_provider: null,
            instance_type: null,
            config_type: 'tidb',
            region: null,
          },
          {
            cluster_type: 'DEDICATED_TIDB',
            version: 'v8.1.1',
            cloud_provider: 'AWS',
            instance_type: 'm5.2xlarge',
            config_type: 'tidb',
            region: null,
          },
        ],
      }),
    );
    show('101');
    expect(await screen.findByText('Template tidb-v8.1-default')).toBeInTheDocument();
    expect(calls('GET', `${P}/templates/101`)[0]?.url.searchParams.get('cluster_type')).toBe('DEDICATED_TIDB');
    expect(screen.getByText('Config Type').closest('tr, .ant-descriptions-item')).toHaveTextContent('tidb');
    const params = screen.getByRole('table', { name: 'Parameters' });
    expect(within(params).getAllByRole('row')).toHaveLength(31);
    expect(within(params).getByText('the first')).toBeInTheDocument();
    expect(screen.getByText('35 parameters')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Default For' }));
    const cases = await screen.findByRole('table', { name: 'Default for' });
    const rows = within(cases).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['v8.1.1', 'Any', 'Any'],
      ['v8.1.1', 'AWS', 'm5.2xlarge'],
    ]);
  });

  it('a custom template shows a tab per config type and its INIT_SQL', async () => {
    serve(
      template({
        id: '301',
        name: 'low-latency',
        config_type: null,
        tags: { template_type: 'custom', effective_minor_version: 'v8.5', creator_email: 'kim@example.com' },
        parameters: [],
        custom_template_info: {
          data: {
            tidb: [{ name: 'log.level', value: 'warn', comment: '' }],
            tikv: [{ name: 'raftstore.sync-log', value: 'true', comment: 'safer' }],
            tiflash: [],
            init_sql: [
              { index: 2, sql: 'SET GLOBAL b = 2;' },
              { index: 1, sql: 'SET GLOBAL a = 1;' },
            ],
          },
        },
      }),
    );
    show('301');
    expect(await screen.findByText('Template low-latency')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'tidb (1)',
      'tikv (1)',
      'tiflash (0)',
      'INIT_SQL',
    ]);
    expect(screen.queryByRole('tab', { name: 'Default For' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'tidb parameters' })).getByText('log.level')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'tikv (1)' }));
    expect(within(screen.getByRole('table', { name: 'tikv parameters' })).getByText('safer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'INIT_SQL' }));
    const items = within(screen.getByRole('list', { name: 'INIT_SQL' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['#1SET GLOBAL a = 1;', '#2SET GLOBAL b = 2;']);
  });

  it('a draft links to the default-config change that derived it', async () => {
    serve(template({ id: '150', name: 'tidb-v8.1-default (change 7)', change_id: '7' }));
    show('150');
    expect(await screen.findByRole('link', { name: '7' })).toHaveAttribute('href', '/defaultconfig/change/7');
  });
});
