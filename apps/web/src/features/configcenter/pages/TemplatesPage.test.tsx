import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { DefaultConfigChange, ListResult, TemplateSummary } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { binding, defaultConfigChange, P, summary, version } from '../testing';
import { TemplatesPage } from './TemplatesPage';

vi.setConfig({ testTimeout: 60_000 });

const TEMPLATES = `${P}/templates`;
const CHANGES = `${P}/default_config/changes`;

const custom: ListResult<TemplateSummary> = {
  items: [
    summary({
      id: '301',
      name: 'low-latency',
      config_type: null,
      tags: { template_type: 'custom', effective_minor_version: 'v8.5', creator_email: 'kim@example.com' },
    }),
  ],
  total: 1,
};
const changes: ListResult<DefaultConfigChange> = {
  items: [
    defaultConfigChange({
      id: '8',
      phase: 'success',
      closed_at: '2024-06-03T08:00:00.000Z',
      environments: ['dev', 'prod'],
    }),
    defaultConfigChange({ id: '7', reason: 'Quieter logs' }),
  ],
  total: 2,
};

function serve() {
  return mockFetch({
    [`GET ${P}/versions`]: { body: { versions: [version('v8.1.1'), version('v8.5.0')] } },
    [`GET ${P}/config_types`]: { body: { config_types: ['tidb', 'tikv'] } },
    [`GET ${P}/instance_types`]: { body: { instance_types: [] } },
    [`GET ${P}/default_cases`]: { body: { items: [binding()], total: 1 } },
    [`GET ${TEMPLATES}`]: { body: custom },
    [`GET ${CHANGES}`]: { body: changes },
    [`POST ${TEMPLATES}`]: { status: 201, body: { change_id: '88' } },
  });
}

describe('/template (spec §2)', () => {
  it('opens on Default Templates and keeps the tab in the URL', async () => {
    serve();
    const { router } = renderWithProviders(<TemplatesPage />, { path: '/template' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Default Templates',
      'Custom Templates',
      'Default Cases',
      'Modification Histories',
    ]);
    expect(await screen.findByRole('table', { name: 'Default cases' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Custom Templates' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=custom'));
    expect(await screen.findByRole('table', { name: 'Custom templates' })).toBeInTheDocument();
  });

  it('Custom Templates: filter by version; ID links to the template; effective version, config type, creator', async () => {
    const { calls } = serve();
    renderWithProviders(<TemplatesPage />, { path: '/template?tab=custom&custom_version=v8.5.0' });
    const table = await screen.findByRole('table', { name: 'Custom templates' });
    const row = (await within(table).findByText('low-latency')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '301',
      'low-latency',
      'v8.5',
      '—',
      'kim@example.com',
    ]);
    expect(within(row).getByRole('link', { name: '301' })).toHaveAttribute(
      'href',
      '/template/301?cluster_type=DEDICATED_TIDB',
    );
    const query = calls('GET', TEMPLATES)[0]?.url.searchParams;
    expect(query?.get('template_type')).toBe('custom');
    expect(query?.get('version')).toBe('v8.5.0');
    expect(screen.getByRole('button', { name: /Add Template/ })).toBeInTheDocument();
  });

  it('Add Template: success says so (spec §8) and links to the configuration change', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<TemplatesPage />, { path: '/template?tab=custom' });
    await userEvent.click(await screen.findByRole('button', { name: /Add Template/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'low-latency' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Version'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (o) => o.textContent === 'v8.5.0',
      );
      if (!found) throw new Error('no v8.5.0 option');
      return found;
    });
    fireEvent.click(option);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const notice = await screen.findByText(new RegExp(CONFIG_CENTER_MESSAGES.templateCreated.replace('.', '\\.')));
    const link = within(notice.closest('.ant-message-notice') as HTMLElement).getByRole('link', { name: '88' });
    expect(link).toHaveAttribute('href', '/confighistories/88');
    expect(calls('POST', TEMPLATES)).toHaveLength(1);
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/confighistories/88'));
  });

  it('Modification Histories: 10 per page, each change linked, phase tag coloured', async () => {
    const { calls } = serve();
    renderWithProviders(<TemplatesPage />, { path: '/template?view=histories' });
    const table = await screen.findByRole('table', { name: 'Modification histories' });
    expect(await within(table).findByRole('link', { name: '7' })).toHaveAttribute('href', '/defaultconfig/change/7');
    expect(within(table).getByText('success', { selector: '.ant-tag' })).toHaveClass('ant-tag-success');
    expect(within(table).getByText('in_progress', { selector: '.ant-tag' })).toHaveClass('ant-tag-processing');
    const eight = within(table).getByRole('link', { name: '8' }).closest('tr') as HTMLElement;
    expect(within(eight).getByText('prod')).toBeInTheDocument();
    expect(within(eight).getByText('template_default_case_binding')).toBeInTheDocument();
    const query = calls('GET', CHANGES)[0]?.url.searchParams;
    expect(query?.get('per_page')).toBe('10');
    expect(query?.get('page')).toBe('1');
  });
});
