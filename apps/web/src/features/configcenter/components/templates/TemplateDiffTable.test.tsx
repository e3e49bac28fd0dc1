import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../../test/fetchMock';
import { renderWithProviders } from '../../../../test/render';
import { NO_DIFFERENCES, TemplateDiffTable } from './TemplateDiffTable';
import { diff, P } from '../../testing';

vi.setConfig({ testTimeout: 60_000 });

const DIFF = `${P}/templates/diff`;

describe('template diff table (spec §2)', () => {
  it('shows only changed keys: name, config type, source, previous and new value', async () => {
    const { calls } = mockFetch({
      [`GET ${DIFF}`]: {
        body: diff({
          config_type: 'tikv',
          changed_parameters: [
            { name: 'log.level', from: 'info', to: 'warn', from_source: 'template', to_source: 'template' },
            { name: 'raftstore.sync-log', from: null, to: 'true', from_source: 'default', to_source: 'template' },
            // The same value on both sides is no change.
            { name: 'storage.reserve-space', from: '5GB', to: '5GB', from_source: 'template', to_source: 'template' },
          ],
        }),
      },
    });
    renderWithProviders(<TemplateDiffTable from="100" to="101" />);
    const table = await screen.findByRole('table', { name: 'Template diff' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Config Type', 'Source', 'Previous Value', 'New Value']);
    const level = (await within(table).findByText('log.level')).closest('tr') as HTMLElement;
    expect([...level.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'log.level',
      'tikv',
      'template',
      'info',
      'warn',
    ]);
    const sync = within(table).getByText('raftstore.sync-log').closest('tr') as HTMLElement;
    expect([...sync.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'raftstore.sync-log',
      'tikv',
      'default → template',
      '(unset)',
      'true',
    ]);
    expect(within(table).queryByText('storage.reserve-space')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const query = calls('GET', DIFF)[0]?.url.searchParams;
    expect(query?.get('from')).toBe('100');
    expect(query?.get('to')).toBe('101');
  });

  it('says "No differences" when nothing changed, and asks nothing for the same template', async () => {
    const { calls } = mockFetch({ [`GET ${DIFF}`]: { body: diff({ changed_parameters: [] }) } });
    const { unmount } = renderWithProviders(<TemplateDiffTable from="100" to="101" />);
    expect(await screen.findByText(NO_DIFFERENCES)).toBeInTheDocument();
    unmount();
    renderWithProviders(<TemplateDiffTable from="101" to="101" />);
    expect(await screen.findByText(NO_DIFFERENCES)).toBeInTheDocument();
    expect(calls('GET', DIFF)).toHaveLength(1);
  });
});
