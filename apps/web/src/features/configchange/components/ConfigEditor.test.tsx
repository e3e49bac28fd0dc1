import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateChangeBody, PreviewBody } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { resetPendingChanges } from '../lib/pending';
import { clusterConfig, configuration, preview } from '../testing';
import { ConfigEditor } from './ConfigEditor';

vi.setConfig({ testTimeout: 60_000 });
// Whole editors render slowly in jsdom.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => resetPendingChanges());

const CONFIG = '/api/v1/devops/cloudconfig/clusters/10086/config';
const PREVIEW = '/api/v1/devops/cloudconfig/clusters/10086/changes/preview';
const CREATE = '/api/v1/devops/cloudconfig/clusters/10086/changes';

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    [`GET ${CONFIG}`]: { body: clusterConfig() },
    [`POST ${PREVIEW}`]: { body: preview() },
    [`POST ${CREATE}`]: { body: { change_id: '77' } },
    ...routes,
  });
}

/**
 * The open dialog (modal, drawer or confirmation) showing this text. Role queries over the whole editor are slow in
 * jsdom.
 */
function dialogWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
      d.textContent?.includes(text),
    );
    if (!found) throw new Error(`no dialog with "${text}"`);
    return found;
  });
}

const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement;

const render = () =>
  renderWithProviders(<ConfigEditor clusterType="DEDICATED_TIDB" clusterId="10086" />, {
    path: '/orgs/1/clusters/10086?tab=config',
  });

async function editLogLevel(value: string) {
  await userEvent.click(await screen.findByLabelText('Edit log.level'));
  const dialog = await dialogWith('Current Value');
  fireEvent.change(within(dialog).getByLabelText('New value'), { target: { value } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
}

async function openPreview() {
  await userEvent.click(button('Preview changes'));
  return dialogWith('Preview the change');
}

describe('configuration editor', () => {
  it('shows the files tidb first, collects edits and image tags, previews with the policies in order and creates the change', async () => {
    const { calls } = serve();
    const { router } = render();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['tidb', 'tikv']);
    expect(button('Preview changes')).toBeDisabled();

    await editLogLevel('warn');
    const pending = screen.getByLabelText('Pending changes');
    expect(pending).toHaveTextContent('log.level');
    expect(pending).toHaveTextContent('warn');

    // The image editor: its confirmation, then the tag joins the same pending change.
    await userEvent.click(button('Modify'));
    const form = await dialogWith('TIDB (pingcap/tidb)');
    fireEvent.change(within(form).getByLabelText('TIDB image tag'), { target: { value: 'v8.5.2' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Modify' }));
    const confirm = await dialogWith('Are you sure to change these images?');
    expect(confirm).toHaveTextContent('TIDB: v8.5.1 → v8.5.2');
    await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByLabelText('Pending changes')).toHaveTextContent('TIDB'));

    const drawer = await openPreview();
    await within(drawer).findByLabelText('Reason');
    const previewBody = calls('POST', PREVIEW)[0]?.body as PreviewBody;
    expect(previewBody).toEqual({
      change_type: 'mixed',
      cluster_type: 'DEDICATED_TIDB',
      cluster_id: '10086',
      files: [
        {
          config_type: 'tidb',
          filename: 'tidb.toml',
          custom_parameters: [
            { actionType: 'set', configType: 'tidb', name: 'log.level', value: 'warn', type: 'string' },
          ],
          previous_text: 'fp-1',
        },
      ],
      components: [{ component: 'TIDB', overwrite_image_tag: { to_image_tag: 'v8.5.2' } }],
      base_fingerprint: 'fp-1',
    });

    // Spec §9: RollingRestart, HotReload, EnsureUpdateToTC; RollingRestart by default; a refused one says why.
    const radios = within(drawer).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['RollingRestart', 'HotReload', 'EnsureUpdateToTC']);
    expect(radios.map((r) => r.checked)).toEqual([true, false, false]);
    expect(radios[1]).toBeDisabled();
    expect(drawer).toHaveTextContent('image and version changes need a rolling restart');
    expect(
      within(drawer).queryByText('EnsureUpdateToTC is used only for the shutdown operation.'),
    ).not.toBeInTheDocument();

    await userEvent.click(radios[2] as HTMLInputElement);
    expect(within(drawer).getByText('EnsureUpdateToTC is used only for the shutdown operation.')).toBeInTheDocument();

    // The reason is required; nothing is sent without it.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await within(drawer).findByText('change reason is required')).toBeInTheDocument();
    expect(calls('POST', CREATE)).toHaveLength(0);

    await userEvent.type(within(drawer).getByLabelText('Reason'), 'Quieter logs');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', CREATE)).toHaveLength(1));
    const created = calls('POST', CREATE)[0]?.body as CreateChangeBody;
    expect(created).toEqual({ ...previewBody, apply_policy: 'EnsureUpdateToTC', reason: 'Quieter logs' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/confighistories/77'));
    expect(await screen.findByText(/Create successful!/)).toBeInTheDocument();
    expect(screen.getByText('77', { selector: 'a' })).toHaveAttribute('href', '/confighistories/77');
  });

  it('sends the default policy RollingRestart unless another is chosen', async () => {
    const { calls } = serve();
    render();
    await editLogLevel('warn');
    const drawer = await openPreview();
    await userEvent.type(await within(drawer).findByLabelText('Reason'), 'why');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls('POST', CREATE)).toHaveLength(1));
    expect(calls('POST', CREATE)[0]?.body).toMatchObject({ apply_policy: 'RollingRestart', reason: 'why' });
  });

  it('warns which components will clear their custom parameters', async () => {
    serve({
      [`POST ${PREVIEW}`]: {
        body: preview({ scope: { ...preview().change.scope, clear_custom_params: ['tidb', 'tikv'] } }),
      },
    });
    render();
    await editLogLevel('warn');
    const drawer = await openPreview();
    expect(await within(drawer).findByText(/will clear all their custom parameters: tidb, tikv/)).toBeInTheDocument();
  });

  it('tells the user when the configuration changed meanwhile and reloads it', async () => {
    let fingerprint = 'fp-1';
    let stale = true;
    const { calls } = serve({
      [`GET ${CONFIG}`]: () => ({ body: clusterConfig({ configuration: configuration({ fingerprint }) }) }),
      [`POST ${PREVIEW}`]: () =>
        stale
          ? {
              status: 409,
              body: {
                code: 'configChange.stale',
                message:
                  'The cluster configuration changed after this change was prepared; reload and prepare it again',
                requestId: 'r',
              },
            }
          : { body: preview() },
    });
    render();
    await editLogLevel('warn');
    const drawer = await openPreview();
    expect(await within(drawer).findByText('The configuration changed')).toBeInTheDocument();

    fingerprint = 'fp-2';
    stale = false;
    await userEvent.click(within(drawer).getByText('Reload').closest('button') as HTMLButtonElement);
    await waitFor(() => expect(screen.getByText('fp-2')).toBeInTheDocument());
    // The pending edit is kept, prepared against the reloaded configuration.
    expect(screen.getByLabelText('Pending changes')).toHaveTextContent('log.level');
    await openPreview();
    await waitFor(() => expect(calls('POST', PREVIEW).length).toBe(2));
    expect(calls('POST', PREVIEW)[1]?.body).toMatchObject({ base_fingerprint: 'fp-2' });
  });

  it('disables editing when the configuration is not changeable, saying why', async () => {
    serve({
      [`GET ${CONFIG}`]: {
        body: clusterConfig({ changeable: false, reason: 'the cluster is USER_CLUSTER_STATUS_PAUSED' }),
      },
    });
    render();
    expect(
      await screen.findByText(
        'You cannot change the config currently, because the cluster is USER_CLUSTER_STATUS_PAUSED',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Edit log.level')).toBeDisabled();
    expect(button('Modify')).toBeDisabled();
  });

  it('searches parameters by name, 10 per page, with the search in the URL', async () => {
    serve();
    const { router } = render();
    await screen.findByLabelText('Edit log.level');
    fireEvent.change(screen.getByLabelText('Search parameters by name'), { target: { value: 'max_conn' } });
    await waitFor(() => expect(screen.queryByLabelText('Edit log.level')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Edit instance.max_connections')).toBeInTheDocument();
    expect(router.state.location.search).toContain('param_search=max_conn');
  });
});
