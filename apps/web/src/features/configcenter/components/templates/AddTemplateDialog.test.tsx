import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { CreateTemplateBody } from '@portal/contract';
import type { Reply } from '../../../../test/fetchMock';
import { mockFetch } from '../../../../test/fetchMock';
import { renderWithProviders } from '../../../../test/render';
import { AddTemplateDialog } from './AddTemplateDialog';
import { P, version } from '../../testing';

vi.setConfig({ testTimeout: 60_000 });

const CREATE = `${P}/templates`;

function serve(create: Reply = { status: 201, body: { change_id: '88' } }) {
  return mockFetch({
    [`GET ${P}/versions`]: { body: { versions: [version('v8.1.1'), version('v8.5.0')] } },
    [`POST ${CREATE}`]: create,
  });
}

function open() {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<AddTemplateDialog open onClose={onClose} onCreated={onCreated} />);
  return { dialog: screen.getByRole('dialog', { name: 'Add Template' }), onCreated, onClose };
}

async function fillRequired(dialog: HTMLElement) {
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
}

const paragraphLabels = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByLabelText(/^INIT_SQL \d+$/)
    .map((el) => el.getAttribute('aria-label'));

describe('Add Template dialog (spec §2, §5, §8)', () => {
  it('has the tabs tidb, tikv, tiflash and INIT_SQL, and requires name and version', async () => {
    const { calls } = serve();
    const { dialog, onCreated } = open();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['tidb', 'tikv', 'tiflash', 'INIT_SQL']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(CONFIG_CENTER_MESSAGES.templateNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CONFIG_CENTER_MESSAGES.templateVersionRequired)).toBeInTheDocument();
    expect(calls('POST', CREATE)).toHaveLength(0);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('numbers each new INIT_SQL paragraph one above the current largest', async () => {
    serve();
    const { dialog } = open();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'INIT_SQL' }));
    const add = within(dialog).getByRole('button', { name: /Add INIT_SQL/ });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(add);
    expect(paragraphLabels(dialog)).toEqual(['INIT_SQL 1', 'INIT_SQL 2', 'INIT_SQL 3']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove INIT_SQL 1' }));
    expect(paragraphLabels(dialog)).toEqual(['INIT_SQL 2', 'INIT_SQL 3']);
    // Two paragraphs left, the largest is 3: the next is 4 (not 3).
    await userEvent.click(add);
    expect(paragraphLabels(dialog)).toEqual(['INIT_SQL 2', 'INIT_SQL 3', 'INIT_SQL 4']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove INIT_SQL 4' }));
    await userEvent.click(add);
    expect(paragraphLabels(dialog)).toEqual(['INIT_SQL 2', 'INIT_SQL 3', 'INIT_SQL 4']);
  });

  it('submits parameters per config type and the INIT_SQL paragraphs', async () => {
    const { calls } = serve();
    const { dialog, onCreated, onClose } = open();
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /Add tidb parameter/ }));
    fireEvent.change(within(dialog).getByLabelText('tidb parameter 1 name'), { target: { value: 'log.level' } });
    fireEvent.change(within(dialog).getByLabelText('tidb parameter 1 value'), { target: { value: 'warn' } });
    fireEvent.change(within(dialog).getByLabelText('tidb parameter 1 comment'), { target: { value: 'quiet' } });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'INIT_SQL' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Add INIT_SQL/ }));
    fireEvent.change(within(dialog).getByLabelText('INIT_SQL 1'), { target: { value: 'SET GLOBAL x = 1;' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('88'));
    expect(onClose).toHaveBeenCalled();
    const body = calls('POST', CREATE)[0]?.body as CreateTemplateBody;
    expect(body).toEqual({
      name: 'low-latency',
      cluster_type: 'DEDICATED_TIDB',
      change_type: 'fulltidb',
      apply_policy: 'RollingRestart',
      files: {
        tidb: [{ name: 'log.level', value: 'warn', comment: 'quiet' }],
        tikv: [],
        tiflash: [],
        init_sql: [{ index: 1, sql: 'SET GLOBAL x = 1;' }],
      },
      version: { to_version: 'v8.5.0' },
    });
  });

  it('a refused create opens a dialog titled Error with the server message', async () => {
    serve({ status: 409, body: { code: 'template.exists', message: 'a template named low-latency exists' } });
    const { dialog, onCreated } = open();
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const title = await screen.findByText('Error', { selector: '.ant-modal-confirm-title' });
    const box = title.closest('.ant-modal-confirm-body-wrapper') as HTMLElement;
    expect(within(box).getByText('a template named low-latency exists')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    // The form stays open to correct it.
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('low-latency');
  });

  it('without a server message the Error dialog says "Failed to create template"', async () => {
    serve({ status: 500, body: {} });
    const { dialog } = open();
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const title = await screen.findByText('Error', { selector: '.ant-modal-confirm-title' });
    const box = title.closest('.ant-modal-confirm-body-wrapper') as HTMLElement;
    expect(within(box).getByText(CONFIG_CENTER_MESSAGES.templateCreateFailed)).toBeInTheDocument();
  });
});
