import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CtlCommand, CtlRunResponse, ListResult } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import type { Reply } from '../../../test/fetchMock';
import { cluster } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CtlPage } from './CtlPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const RUN = '/api/v1/devops/cluster/ctl';
const commands: ListResult<CtlCommand> = {
  items: [
    {
      command: 'pd-ctl store',
      usage: 'pd-ctl store [<store_id>]',
      description: 'Lists the stores.',
      mutates: false,
      args: [{ name: 'store_id', description: 'Show only this store', required: false }],
      example: 'pd-ctl store',
    },
    {
      command: 'pd-ctl config set',
      usage: 'pd-ctl config set <key> <value>',
      description: 'Changes a PD scheduling setting.',
      mutates: true,
      args: [
        { name: 'key', description: 'The setting', required: true },
        { name: 'value', description: 'Its new value', required: true },
      ],
      example: 'pd-ctl config set leader-schedule-limit 8',
    },
  ],
  total: 2,
};

const ran = (command: string, output: string, mutates = false): CtlRunResponse => ({
  cluster_id: '10086',
  command,
  mutates,
  output,
  output_format: 'text',
  executed_at: '2024-06-01T08:00:00.000Z',
});

function serve(run: (body: Record<string, unknown>) => Reply) {
  return mockFetch({
    'GET /api/v1/devops/cluster/clusters/10086': { body: cluster() },
    'GET /api/v1/devops/cluster/ctl/commands': { body: commands },
    [`POST ${RUN}`]: (req) => run(req.body as Record<string, unknown>),
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
  });
}

const render = (query: string) =>
  renderWithProviders(<CtlPage />, { path: `/clusters/10086/ctl${query}`, routePath: '/clusters/:clusterId/ctl' });
const runButton = () => screen.getByText('Run', { selector: 'button span' }).closest('button') as HTMLButtonElement;

function dialogWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
      d.textContent?.includes(text),
    );
    if (!found) throw new Error(`no dialog with "${text}"`);
    return found;
  });
}

describe('cluster control page', () => {
  it('runs a read-only command with its arguments and shows the output', async () => {
    const { calls } = serve(() => ({ body: ran('pd-ctl store 1', '{"store": 1}') }));
    render('?command=pd-ctl+store');
    await screen.findByText('Lists the stores.');
    fireEvent.change(screen.getByLabelText('Arguments'), { target: { value: '1' } });
    await userEvent.click(runButton());
    expect(await screen.findByLabelText('Command output')).toHaveTextContent('{"store": 1}');
    expect(calls('POST', RUN)[0]?.body).toEqual({ cluster_id: '10086', command: 'pd-ctl store', args: ['1'] });
  });

  it('picks a command from the list, each marked read or mutates, and submits with Enter', async () => {
    const { calls } = serve(() => ({ body: ran('pd-ctl store', '[]') }));
    const { router } = render('');
    const field = await screen.findByLabelText('Command', { selector: 'input' });
    expect(screen.getByLabelText('Arguments')).toBeDisabled();
    await userEvent.click(field);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
        o.textContent?.startsWith('pd-ctl store'),
      );
      if (!found) throw new Error('no pd-ctl store option');
      return found;
    });
    expect(option).toHaveTextContent('read');
    await userEvent.click(option);
    await screen.findByText('Lists the stores.');
    expect(router.state.location.search).toBe('?command=pd-ctl+store');
    fireEvent.submit(screen.getByLabelText('Arguments').closest('form') as HTMLFormElement);
    expect(await screen.findByLabelText('Command output')).toHaveTextContent('[]');
    expect(calls('POST', RUN)[0]?.body).toEqual({ cluster_id: '10086', command: 'pd-ctl store' });
  });

  it('asks for a secondary confirmation before a command that changes the cluster', async () => {
    const { calls } = serve(() => ({ body: ran('pd-ctl config set leader-schedule-limit 8', 'Success!', true) }));
    render('?command=pd-ctl+config+set&args=leader-schedule-limit+8');
    await screen.findByText('Changes a PD scheduling setting.');
    await userEvent.click(runButton());
    const confirm = await dialogWith('This command changes the cluster. Run it?');
    expect(confirm).toHaveTextContent('pd-ctl config set leader-schedule-limit 8');
    expect(calls('POST', RUN)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Run' }));
    expect(await screen.findByLabelText('Command output')).toHaveTextContent('Success!');
    expect(calls('POST', RUN)[0]?.body).toEqual({
      cluster_id: '10086',
      command: 'pd-ctl config set',
      args: ['leader-schedule-limit', '8'],
      confirm: true,
    });
  });

  it('confirms when the server asks for it (409 confirmation.required) and shows other failures inline', async () => {
    const { calls } = serve((body) =>
      body.confirm
        ? { status: 400, body: { code: 'ctl.invalidArgs', message: 'unknown store 9', requestId: 'r' } }
        : {
            status: 409,
            body: {
              code: 'confirmation.required',
              message: 'confirm to run it',
              requestId: 'r',
              details: { subject: 'pd-ctl store 9', description: 'Deletes store 9', resend_with: { confirm: true } },
            },
          },
    );
    render('?command=pd-ctl+store&args=9');
    await screen.findByText('Lists the stores.');
    await userEvent.click(runButton());
    const confirm = await dialogWith('Deletes store 9');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('unknown store 9')).toBeInTheDocument();
    expect(screen.getByText('ctl.invalidArgs')).toBeInTheDocument();
    expect(calls('POST', RUN).map((r) => (r.body as { confirm?: boolean }).confirm)).toEqual([undefined, true]);
  });
});
