import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { CreateModificationBody, DefaultCaseBinding, ListResult, TemplateSummary } from '@portal/contract';
import { mockFetch } from '../../../../test/fetchMock';
import { renderWithProviders } from '../../../../test/render';
import { ModifyTemplateDialog, TEMPLATE_REQUIRED } from './ModifyTemplateDialog';
import { binding, diff, P, summary } from '../../testing';

vi.setConfig({ testTimeout: 60_000 });

const CHANGES = `${P}/default_config/changes`;

const selected: DefaultCaseBinding[] = [
  binding({ id: '1', current_template: { id: '101', name: 'tidb-a' } }),
  binding({ id: '2', default_case: { cloud_provider: 'GCP' }, current_template: { id: '101', name: 'tidb-a' } }),
  binding({ id: '3', default_case: { instance_type: null }, current_template: { id: '102', name: 'tidb-b' } }),
];

const candidates: ListResult<TemplateSummary> = {
  items: [
    summary({ id: '201', name: 'tidb-new' }),
    summary({ id: '202', name: 'tikv-new', config_type: 'tikv' }),
    summary({
      id: '203',
      name: 'tidb-custom',
      config_type: null,
      tags: { ...summary().tags, template_type: 'custom' },
    }),
  ],
  total: 3,
};

function serve() {
  return mockFetch({
    [`GET ${P}/templates/diff`]: (req) => ({
      body:
        req.url.searchParams.get('from') === '101'
          ? diff({
              changed_parameters: [
                { name: 'log.level', from: 'info', to: 'warn', from_source: 'template', to_source: 'template' },
              ],
            })
          : diff({
              changed_parameters: [
                {
                  name: 'prepared-plan-cache.enabled',
                  from: 'false',
                  to: 'true',
                  from_source: 'default',
                  to_source: 'template',
                },
              ],
            }),
    }),
    [`GET ${P}/templates`]: { body: candidates },
    [`POST ${CHANGES}`]: { status: 201, body: { change_id: '42' } },
  });
}

function open(rows = selected) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ModifyTemplateDialog open clusterType="DEDICATED_TIDB" rows={rows} onClose={onClose} onCreated={onCreated} />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Modify Templates' }), onCreated, onClose };
}

async function pick(dialog: HTMLElement, name: string) {
  fireEvent.mouseDown(within(dialog).getByLabelText('New Template'));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
      o.textContent?.startsWith(name),
    );
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
}

describe('Modify dialog (spec §2, §5)', () => {
  it('requires the new template and a reason; submits nothing without them', async () => {
    const { calls } = serve();
    const { dialog, onCreated } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(CONFIG_CENTER_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(TEMPLATE_REQUIRED)).toBeInTheDocument();
    // With a template, a blank reason is still no reason.
    await pick(dialog, 'tidb-new');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).queryByText(TEMPLATE_REQUIRED)).not.toBeInTheDocument());
    // The form validates asynchronously: the reason's message comes with the second submit's validation.
    expect(await within(dialog).findByText(CONFIG_CENTER_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(calls('POST', CHANGES)).toHaveLength(0);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('offers default templates of the rows config type, shows a diff per current template, and creates the change', async () => {
    const { calls } = serve();
    const { dialog, onCreated } = open();
    expect(within(dialog).getByText(/3 default cases/)).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByLabelText('New Template'));
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(options).toEqual(['tidb-new (#201) · v8.1']);
    const list = calls('GET', `${P}/templates`)[0]?.url.searchParams;
    expect(list?.get('template_type')).toBe('default');
    expect(list?.get('cluster_type')).toBe('DEDICATED_TIDB');
    expect(list?.get('config_type')).toBe('tidb');

    await pick(dialog, 'tidb-new');
    // One diff per distinct current template (101 for two rows, 102 for one).
    const first = await within(dialog).findByRole('table', { name: 'Diff of tidb-a → tidb-new' });
    expect(await within(first).findByText('log.level')).toBeInTheDocument();
    expect(within(first).getByText('info')).toBeInTheDocument();
    expect(within(first).getByText('warn')).toBeInTheDocument();
    const second = within(dialog).getByRole('table', { name: 'Diff of tidb-b → tidb-new' });
    expect(await within(second).findByText('prepared-plan-cache.enabled')).toBeInTheDocument();
    expect(calls('GET', `${P}/templates/diff`).map((r) => r.url.searchParams.toString())).toEqual([
      'from=101&to=201',
      'from=102&to=201',
    ]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Quieter logs' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('42'));
    const body = calls('POST', CHANGES)[0]?.body as CreateModificationBody;
    expect(body.reason).toBe('Quieter logs');
    expect(body.default_case_bindings).toEqual(
      selected.map((row) => ({
        origin: {
          template_id: row.current_template.id,
          cluster_type: 'DEDICATED_TIDB',
          default_case: row.default_case,
        },
        modified: { template_id: '201' },
      })),
    );
  });

  it('refuses rows of different config types', async () => {
    const { calls } = serve();
    const { dialog } = open([selected[0]!, binding({ id: '9', default_case: { config_type: 'tikv' } })]);
    expect(within(dialog).getByText(/must share one config type/)).toHaveTextContent('tidb, tikv');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(within(dialog).queryByLabelText('New Template')).not.toBeInTheDocument();
    expect(calls('GET', `${P}/templates`)).toHaveLength(0);
  });

  it('shows the server refusal in the dialog and stays open', async () => {
    mockFetch({
      [`GET ${P}/templates/diff`]: { body: diff() },
      [`GET ${P}/templates`]: { body: candidates },
      [`POST ${CHANGES}`]: {
        status: 409,
        body: { code: 'defaultConfig.stale', message: 'the default case changed since it was read' },
      },
    });
    const { dialog, onCreated } = open(selected.slice(0, 1));
    await pick(dialog, 'tidb-new');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Quieter logs' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('the default case changed since it was read')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
