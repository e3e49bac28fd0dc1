import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG_PHASES, RELEASE_PHASES } from '@portal/contract';
import type {
  ChangeItem,
  ClusterVersion,
  ConfigEnvironment,
  DefaultConfigChange,
  DefaultConfigPhase,
  ParameterAttribute,
  Release,
  ReleasePhase,
  TemplateDiff,
} from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { ComponentImageRow } from '../api/changes';
import { bindingItem, CHANGE_PATH, defaultConfigChange, imageRow, parameter, release, versionItem } from '../testing';
import { DefaultConfigChangePage } from './DefaultConfigChangePage';

vi.setConfig({ testTimeout: 60_000 });

const versions: ClusterVersion[] = [
  {
    cluster_type: 'DEDICATED_TIDB',
    version: 'v8.1.1',
    is_default: false,
    source: 'seed',
    environments: ['dev', 'staging', 'prod'],
    created_at: '2024-01-01T00:00:00.000Z',
  },
  {
    cluster_type: 'DEDICATED_TIDB',
    version: 'v8.5.1',
    is_default: true,
    source: 'seed',
    environments: ['dev', 'staging', 'prod'],
    created_at: '2024-01-01T00:00:00.000Z',
  },
];

interface Served {
  change?: DefaultConfigChange | (() => DefaultConfigChange);
  items?: ChangeItem[];
  /** Unreleased items per environment (default: every item). */
  unreleased?: Partial<Record<ConfigEnvironment, ChangeItem[]>>;
  releases?: Release[];
  images?: ComponentImageRow[];
  catalogue?: ParameterAttribute[];
  profile?: typeof operatorProfile;
}

function serve(s: Served = {}, extra: Parameters<typeof mockFetch>[0] = {}) {
  const items = s.items ?? [bindingItem('11'), bindingItem('12')];
  return mockFetch({
    'GET /api/v1/devops/me': { body: s.profile ?? operatorProfile },
    [`GET ${CHANGE_PATH}`]: () => ({
      body: { change: typeof s.change === 'function' ? s.change() : (s.change ?? defaultConfigChange()) },
    }),
    [`GET ${CHANGE_PATH}/items`]: (req) => {
      const types = req.url.searchParams.getAll('type_is');
      const env = req.url.searchParams.get('environment_is') as ConfigEnvironment | null;
      const list = (env ? (s.unreleased?.[env] ?? items) : items).filter(
        (i) => !types.length || types.includes(i.type),
      );
      return { body: { items: list, total: list.length } };
    },
    [`GET ${CHANGE_PATH}/releases`]: () => ({ body: { items: s.releases ?? [], total: s.releases?.length ?? 0 } }),
    [`GET ${CHANGE_PATH}/components`]: { body: { items: s.images ?? [] } },
    'GET /api/v1/devops/cloudconfig/versions': { body: { versions } },
    'GET /api/v1/devops/cloudconfig/parameters': () => {
      const list = s.catalogue ?? [parameter()];
      return { body: { items: list, total: list.length } };
    },
    'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    ...extra,
  });
}

const render = (search = '') =>
  renderWithProviders(<DefaultConfigChangePage />, {
    path: `/defaultconfig/change/31${search}`,
    routePath: '/defaultconfig/change/:changeId',
  });

const header = () => document.querySelector('.page-header') as HTMLElement;
const closeButton = () => within(header()).getByRole('button', { name: /Close$/ });
const dialogTitled = async (title: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes(title));
    if (!found) throw new Error(`no dialog "${title}"`);
    return found;
  });

async function pickOption(field: HTMLElement, text: string) {
  await userEvent.click(field);
  const option = await waitFor(() => {
    // The open dropdown's option (a closed dropdown stays in the document, hidden).
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  await userEvent.click(option);
}

/** Spec §4, written out rather than derived from the contract's table, so a wrong table fails here. */
const OPEN_PHASES: readonly DefaultConfigPhase[] = ['in_progress'];

describe('/defaultconfig/change/:changeId', () => {
  it('has a left menu: Overview, then the jobs and one release per environment, kept in ?job=', async () => {
    serve();
    const { router } = render();
    const menu = await screen.findByRole('navigation', { name: 'Change menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Overview',
      'Version Information',
      'Modify Templates',
      'Modify Images',
      'Release dev',
      'Release staging',
      'Release prod',
    ]);
    expect(within(menu).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // Overview: the facts and the audit trail of the change.
    expect(await screen.findByText('Raise the tikv block cache')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Audit Logs' })).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('link', { name: 'Release staging' }));
    expect(router.state.location.search).toBe('?job=release_staging');
    expect(await screen.findByRole('button', { name: /Create a staging Release/ })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Release staging' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the version information items with their covering instance types', async () => {
    serve({ items: [versionItem('21')] });
    render('?job=version_information');
    const table = await screen.findByRole('table', { name: 'Version items' });
    await waitFor(() => expect(table).toHaveTextContent('v8.5.2'));
    expect(table).toHaveTextContent('v8.5.1');
    expect(within(table).getByText('AWS:m5.2xlarge')).toBeInTheDocument();
    expect(within(table).getByText('GCP:n2-standard-8')).toBeInTheDocument();
  });

  describe('Close', () => {
    it.each(DEFAULT_CONFIG_PHASES.map((p) => [p]))('is enabled only while in progress (%s)', async (phase) => {
      serve({ change: defaultConfigChange({ phase }) });
      render();
      await screen.findAllByText(phase);
      expect(closeButton()).toHaveProperty('disabled', !OPEN_PHASES.includes(phase));
    });

    it('is not offered to a user who may not operate', async () => {
      serve({ profile: viewerProfile });
      render();
      await screen.findByText('Raise the tikv block cache');
      expect(within(header()).queryByRole('button', { name: /Close$/ })).toBeNull();
    });

    it('needs a result, and a reason when terminated; then "Successfully Close" and every action is disabled', async () => {
      let current = defaultConfigChange();
      const { calls } = serve(
        { change: () => current },
        {
          [`POST ${CHANGE_PATH}/close`]: (req) => {
            current = defaultConfigChange({
              phase: 'terminated',
              phase_reason: 'wrong cache size',
              closed_at: '2024-06-03T08:00:00.000Z',
            });
            return { body: { change: current }, status: req.body ? 200 : 400 };
          },
        },
      );
      render('?job=modify_templates');
      await waitFor(() => expect(closeButton()).toBeEnabled());
      expect(await screen.findByRole('button', { name: /Batch Modify Params/ })).toBeEnabled();
      await userEvent.click(closeButton());
      const dialog = await dialogTitled('Close the Default Config Change 31');
      const ok = within(dialog).getByRole('button', { name: 'Close the Change' });

      await userEvent.click(ok);
      expect(await within(dialog).findByText('the result is required')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByText('terminated'));
      await userEvent.click(ok);
      expect(await within(dialog).findByText('a reason is required when the result is terminated')).toBeInTheDocument();
      expect(calls('POST', `${CHANGE_PATH}/close`)).toHaveLength(0);

      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'wrong cache size');
      await userEvent.click(ok);
      expect(await screen.findByText('Successfully Close')).toBeInTheDocument();
      expect(calls('POST', `${CHANGE_PATH}/close`).map((r) => r.body)).toEqual([
        { result: 'terminated', reason: 'wrong cache size' },
      ]);
      await waitFor(() => expect(closeButton()).toBeDisabled());
      expect(screen.getByRole('button', { name: /Batch Modify Params/ })).toBeDisabled();
    });

    it('closes as success without a reason', async () => {
      const { calls } = serve(
        {},
        { [`POST ${CHANGE_PATH}/close`]: { body: { change: defaultConfigChange({ phase: 'success' }) } } },
      );
      render();
      await waitFor(() => expect(closeButton()).toBeEnabled());
      await userEvent.click(closeButton());
      const dialog = await dialogTitled('Close the Default Config Change 31');
      await userEvent.click(within(dialog).getByText('success'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close the Change' }));
      expect(await screen.findByText('Successfully Close')).toBeInTheDocument();
      expect(calls('POST', `${CHANGE_PATH}/close`).map((r) => r.body)).toEqual([{ result: 'success' }]);
    });
  });

  it.each([['success'], ['terminated']] as const)(
    'once %s, nothing can be modified, no image changed and nothing released',
    async (phase) => {
      serve({ change: defaultConfigChange({ phase }), images: [imageRow()] });
      render('?job=modify_templates');
      await waitFor(() => expect(screen.getByRole('button', { name: /Batch Modify Params/ })).toBeDisabled());
      const menu = screen.getByRole('navigation', { name: 'Change menu' });
      await userEvent.click(within(menu).getByRole('link', { name: 'Modify Images' }));
      await screen.findByRole('table', { name: 'Images' });
      await waitFor(() => expect(screen.getByText('pingcap/tidb')).toBeInTheDocument());
      expect(screen.getByRole('button', { name: /Modify$/ })).toBeDisabled();
      await userEvent.click(within(menu).getByRole('link', { name: 'Release dev' }));
      const create = await screen.findByRole('button', { name: /Create a dev Release/ });
      await screen.findByRole('table', { name: 'Unreleased items of dev' });
      await waitFor(() => expect(screen.getAllByText('Template').length).toBeGreaterThan(0));
      expect(create).toBeDisabled();
    },
  );

  describe('Modify Templates', () => {
    it('lists the default cases with their templates; Batch Modify Params does nothing with nothing selected', async () => {
      const diffAnswer: TemplateDiff = {
        config_type: 'tikv',
        changed_parameters: [
          {
            name: 'storage.block-cache.capacity',
            from: null,
            to: '512',
            from_source: 'default',
            to_source: 'template',
          },
        ],
      };
      const { calls } = serve({}, { 'GET /api/v1/devops/cloudconfig/templates/diff': { body: diffAnswer } });
      render('?job=modify_templates');
      const table = await screen.findByRole('table', { name: 'Template items' });
      await waitFor(() => expect(within(table).getByText('tikv-default-11')).toBeInTheDocument());
      expect(within(table).getByRole('link', { name: 'tikv-default-11' })).toHaveAttribute(
        'href',
        '/template/t-11?cluster_type=DEDICATED_TIDB',
      );
      expect(within(table).getByRole('link', { name: 'tikv-default-11 (change 31)' })).toHaveAttribute(
        'href',
        '/template/d-11?cluster_type=DEDICATED_TIDB',
      );
      const row = within(table).getByText('tikv-default-11').closest('tr') as HTMLElement;
      expect(row).toHaveTextContent('v8.1.1');
      expect(row).toHaveTextContent('AWS');
      expect(row).toHaveTextContent('Any');

      // A row expands to what the change did to its template so far.
      await userEvent.click(within(row).getByRole('button', { name: 'Expand row' }));
      const diff = await screen.findByRole('table', { name: 'Diff of item 11' });
      await waitFor(() => expect(diff).toHaveTextContent('storage.block-cache.capacity'));
      expect(diff).toHaveTextContent('512');
      const asked = calls('GET', '/api/v1/devops/cloudconfig/templates/diff')[0]?.url.searchParams;
      expect([asked?.get('from'), asked?.get('to')]).toEqual(['t-11', 'd-11']);

      await userEvent.click(screen.getByRole('button', { name: /Batch Modify Params/ }));
      // Give the dialog's code time to load, were it opening.
      await expect(screen.findByRole('dialog', {}, { timeout: 1500 })).rejects.toThrow();
      expect(calls('GET', '/api/v1/devops/cloudconfig/parameters')).toHaveLength(0);
    });

    it('validates each value against the catalogue (spec §5) before it sets and unsets the parameters', async () => {
      const { calls } = serve(
        {
          catalogue: [
            parameter(),
            parameter({ name: 'log.level', type: 'string', validation: { enum: ['info', 'warn'] } }),
          ],
        },
        {
          [`POST ${CHANGE_PATH}/items/batchUpdate`]: { body: { items: [bindingItem('11')] } },
        },
      );
      render('?job=modify_templates');
      const table = await screen.findByRole('table', { name: 'Template items' });
      await waitFor(() => expect(within(table).getByText('tikv-default-11')).toBeInTheDocument());
      await userEvent.click(within(table).getByRole('checkbox', { name: 'Select 11' }));
      await userEvent.click(screen.getByRole('button', { name: /Batch Modify Params/ }));
      const dialog = await dialogTitled('Batch Modify Params');
      await within(dialog).findByRole('combobox', { name: 'Parameter 1 name' });
      const parameters = calls('GET', '/api/v1/devops/cloudconfig/parameters');
      expect(parameters[0]?.url.searchParams.get('config_type')).toBe('tikv');
      expect(parameters[0]?.url.searchParams.get('version')).toBe('v8.1.1');
      const ok = within(dialog).getByRole('button', { name: 'Modify' });

      // Nothing to set or unset.
      await userEvent.click(ok);
      expect(await within(dialog).findByText('set or unset at least one parameter')).toBeInTheDocument();

      await pickOption(
        within(dialog).getByRole('combobox', { name: 'Parameter 1 name' }),
        'storage.block-cache.capacity',
      );
      const value = within(dialog).getByRole('textbox', { name: 'Parameter 1 value' });
      const expectMessage = async (raw: string, message: string) => {
        fireEvent.change(value, { target: { value: raw } });
        await userEvent.click(ok);
        expect(await within(dialog).findByText(message)).toBeInTheDocument();
      };
      await expectMessage('', 'new int value is required');
      await expectMessage('abc', 'the input should be an int');
      await expectMessage(' 5', 'please delete the whitespaces in the head and tail');
      await expectMessage('2048', 'the value should be less than or equal to 1024');
      expect(calls('POST', `${CHANGE_PATH}/items/batchUpdate`)).toHaveLength(0);

      fireEvent.change(value, { target: { value: '512' } });
      await pickOption(within(dialog).getByRole('combobox', { name: 'Parameters to unset' }), 'log.level');
      await userEvent.click(ok);
      expect(await screen.findByText('Batch Modify Params Successfully.')).toBeInTheDocument();
      expect(calls('POST', `${CHANGE_PATH}/items/batchUpdate`).map((r) => r.body)).toEqual([
        {
          items: ['11'],
          params_to_set: [{ name: 'storage.block-cache.capacity', value: '512' }],
          params_to_unset: ['log.level'],
        },
      ]);
    });

    it('refuses to batch modify templates of different config types', async () => {
      const { calls } = serve({ items: [bindingItem('11'), bindingItem('12', { config_type: 'tidb' })] });
      render('?job=modify_templates');
      const table = await screen.findByRole('table', { name: 'Template items' });
      await waitFor(() => expect(within(table).getByText('tidb-default-12')).toBeInTheDocument());
      await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all rows' }));
      await userEvent.click(screen.getByRole('button', { name: /Batch Modify Params/ }));
      const dialog = await dialogTitled('Batch Modify Params');
      expect(within(dialog).getByText(/different config types \(tikv, tidb\)/)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Modify' })).toBeDisabled();
      expect(calls('GET', '/api/v1/devops/cloudconfig/parameters')).toHaveLength(0);
    });
  });

  describe('Modify Images', () => {
    it('shows the image view of the picked version and changes tags after "Are you sure to change these images?"', async () => {
      const { calls } = serve(
        {
          images: [
            imageRow(),
            imageRow({ component: 'TIKV', base_image: 'pingcap/tikv', source_tag: null, change_id: '31' }),
          ],
        },
        { [`POST ${CHANGE_PATH}/components/batchUpdate`]: { body: { items: [] } } },
      );
      render('?job=modify_images');
      const table = await screen.findByRole('table', { name: 'Images' });
      await waitFor(() => expect(within(table).getByText('pingcap/tikv')).toBeInTheDocument());
      const images = calls('GET', `${CHANGE_PATH}/components`);
      expect(images[0]?.url.searchParams.get('cluster_type')).toBe('DEDICATED_TIDB');
      expect(images[0]?.url.searchParams.get('version')).toBe('v8.1.1');
      expect(within(table).getByText('this change')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: /Modify$/ }));
      const dialog = await dialogTitled('Modify the Images');
      const tidb = within(dialog).getByRole('textbox', { name: 'TIDB image tag' });
      const ok = within(dialog).getByRole('button', { name: 'Modify' });
      fireEvent.change(tidb, { target: { value: '' } });
      await userEvent.click(ok);
      expect(await within(dialog).findByText('image tag is required')).toBeInTheDocument();
      fireEvent.change(tidb, { target: { value: 'v8.1.1-hotfix ' } });
      await userEvent.click(ok);
      expect(await within(dialog).findByText('please delete the whitespaces in the head and tail')).toBeInTheDocument();

      fireEvent.change(tidb, { target: { value: 'v8.1.1-hotfix.1' } });
      await userEvent.click(ok);
      const confirm = await dialogTitled('Are you sure to change these images?');
      expect(calls('POST', `${CHANGE_PATH}/components/batchUpdate`)).toHaveLength(0);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Change' }));
      expect(await screen.findByText('Successfully Change the images')).toBeInTheDocument();
      expect(calls('POST', `${CHANGE_PATH}/components/batchUpdate`).map((r) => r.body)).toEqual([
        {
          batch_update_component_configs: {
            components: [
              {
                default_case: { component: 'TIDB', version: 'v8.1.1', cloud_provider: null, instance_type: null },
                cluster_type: 'DEDICATED_TIDB',
                base_image: 'pingcap/tidb',
                image_tag: 'v8.1.1-hotfix.1',
              },
            ],
          },
        },
      ]);
    });
  });

  describe('Release', () => {
    /** Spec §4 and decision 0012, written out: a release of the environment still approving or releasing holds it. */
    const HOLDING: readonly ReleasePhase[] = ['approving', 'releasing'];

    it.each(RELEASE_PHASES.map((p) => [p]))(
      'Create a dev Release is disabled while a dev release is approving or releasing (%s)',
      async (phase) => {
        serve({ releases: [release({ phase }), release({ id: '8', environment: 'prod', phase: 'approving' })] });
        render('?job=release_dev');
        const table = await screen.findByRole('table', { name: 'dev releases' });
        await waitFor(() => expect(within(table).getByText(phase)).toBeInTheDocument());
        // Only this environment's releases are listed.
        expect(within(table).getAllByRole('link', { name: /^#/ })).toHaveLength(1);
        await screen.findByRole('table', { name: 'Unreleased items of dev' });
        await waitFor(() => expect(screen.getAllByText('Template').length).toBeGreaterThan(0));
        const create = screen.getByRole('button', { name: /Create a dev Release/ });
        expect(create).toHaveProperty('disabled', HOLDING.includes(phase));
      },
    );

    it('is disabled when everything is released to the environment', async () => {
      serve({ unreleased: { staging: [] } });
      render('?job=release_staging');
      await screen.findByText('Everything is released to staging');
      expect(screen.getByRole('button', { name: /Create a staging Release/ })).toBeDisabled();
    });

    it('creates a release with a description: "Successfully Create a {environment} Release"', async () => {
      const { calls } = serve(
        { releases: [release({ phase: 'released', released_at: '2024-06-02T09:00:00.000Z' })] },
        {
          [`POST ${CHANGE_PATH}/releases`]: {
            status: 201,
            body: { release: release({ id: '9', environment: 'prod' }) },
          },
        },
      );
      render('?job=release_prod');
      const create = await screen.findByRole('button', { name: /Create a prod Release/ });
      await waitFor(() => expect(create).toBeEnabled());
      await userEvent.click(create);
      const dialog = await dialogTitled('Create a prod Release');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Roll out to prod');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(await screen.findByText('Successfully Create a prod Release')).toBeInTheDocument();
      expect(calls('POST', `${CHANGE_PATH}/releases`).map((r) => r.body)).toEqual([
        { environment: 'prod', description: 'Roll out to prod' },
      ]);
    });

    it('shows a refusal in the operation-failure dialog (spec §8)', async () => {
      serve(
        {},
        {
          [`POST ${CHANGE_PATH}/releases`]: {
            status: 409,
            body: {
              code: 'defaultConfig.releaseInFlight',
              message: 'A dev release of this change is still approving',
              requestId: 'r',
            },
          },
        },
      );
      render('?job=release_dev');
      const create = await screen.findByRole('button', { name: /Create a dev Release/ });
      await waitFor(() => expect(create).toBeEnabled());
      await userEvent.click(create);
      const dialog = await dialogTitled('Create a dev Release');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      await dialogTitled('defaultConfig.releaseInFlight');
      expect(screen.queryByText('Successfully Create a dev Release')).toBeNull();
    });

    it('links each release to its page', async () => {
      serve({ releases: [release()] });
      render('?job=release_dev');
      const table = await screen.findByRole('table', { name: 'dev releases' });
      const link = await within(table).findByRole('link', { name: '#1' });
      expect(link).toHaveAttribute('href', '/defaultconfig/change/31/release/7');
    });
  });
});
