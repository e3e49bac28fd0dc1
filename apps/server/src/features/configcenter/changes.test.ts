import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CONFIG_CENTER_MESSAGES,
  IMAGE_TAG_MESSAGES,
  PARAM_MESSAGES,
  type ChangeItem,
  type DefaultConfigChange,
} from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADMIN, api, OPERATOR, P } from './testing.js';

/** Default-config changes: create modification, items, batch updates, close, New TiDB Version (decision 0012). */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

const changes = `${P}/default_config/changes`;
const batch = (changeId: string, body: object, who = OPERATOR) =>
  a.call('POST', `${changes}/${changeId}/items/batchUpdate`, who, body);
const images = (changeId: string, components: object[], who = OPERATOR) =>
  a.call('POST', `${changes}/${changeId}/components/batchUpdate`, who, {
    batch_update_component_configs: { components },
  });
const image = (component: string, version: string, tag: string, base = `pingcap/${component.toLowerCase()}`) => ({
  default_case: { component, version },
  cluster_type: 'DEDICATED_TIDB',
  base_image: base,
  image_tag: tag,
});
const templateRow = (id: string) =>
  t.database
    .rows<{ name: string; change_id: string | null; parameters: { name: string; value: string }[] }>(
      sql`select name, change_id::text, parameters from cc_templates where id = ${Number(id)}`,
    )
    .then((r) => r[0]!);

describe('create modification', () => {
  it('stages each selected case to its new template in one change, with an audit row', async () => {
    const tidb = await a.binding({ version: 'v7.5.2', configType: 'tidb' });
    const tikv = await a.binding({ version: 'v7.5.2', configType: 'tikv' });
    const toTidb = await a.templateId('dedicated-tidb-v7.5-general');
    const toTikv = await a.templateId('dedicated-tikv-v7.5-memory');
    const res = await a.call(
      'POST',
      changes,
      OPERATOR,
      a.modification(
        [
          { b: tidb, to: toTidb },
          { b: tikv, to: toTikv },
        ],
        'Bigger defaults for v7.5.2',
      ),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().change_id as string;
    expect(await a.change(id)).toMatchObject({
      id,
      applicant: OPERATOR,
      reason: 'Bigger defaults for v7.5.2',
      phase: 'in_progress',
      phase_reason: null,
      closed_at: null,
      item_types: ['template_default_case_binding'],
      environments: [],
    } satisfies Partial<DefaultConfigChange>);
    const after = await a.binding({ version: 'v7.5.2', configType: 'tidb' });
    expect(after.current_template).toEqual({ id: toTidb, name: 'dedicated-tidb-v7.5-general' });
    expect(after.source_template).toEqual(tidb.current_template);
    expect(after.change_id).toBe(id);

    const items = (await a.items(id)) as ChangeItem[];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      type: 'template_default_case_binding',
      revision: 1,
      released_to: [],
      component_config: null,
      version_release: null,
      template_binding: {
        origin: {
          template_id: tidb.current_template.id,
          template_name: tidb.current_template.name,
          cluster_type: 'DEDICATED_TIDB',
          default_case: tidb.default_case,
        },
        modified: { template_id: toTidb, template_name: 'dedicated-tidb-v7.5-general' },
      },
    });
    expect(items[0]!.template_binding!.key).toBe(
      [tidb.current_template.id, 'v7.5.2', '', '', 'tidb', 'DEDICATED_TIDB', toTidb].join(','),
    );
    const [row] = await a.audit(id);
    expect(row).toMatchObject({
      operation: 'create',
      operator: OPERATOR,
      details: { reason: 'Bigger defaults for v7.5.2' },
    });
    expect((row!.details.after as { items: unknown[] }).items).toContainEqual({
      item_id: items[0]!.id,
      default_case_id: tidb.id,
      template_id: { from: tidb.current_template.id, to: toTidb },
    });
  });

  it('validates the body with the spec messages', async () => {
    const b = await a.binding({ version: 'v6.5.9', configType: 'tidb' });
    const body = a.modification([{ b, to: await a.templateId('dedicated-tidb-v6.5-general') }]);
    for (const reason of [undefined, '', '   ']) {
      const res = await a.call('POST', changes, OPERATOR, { ...body, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'request.invalid',
        message: `body.reason: ${CONFIG_CENTER_MESSAGES.reasonRequired}`,
      });
    }
    const none = await a.call('POST', changes, OPERATOR, { ...body, default_case_bindings: [] });
    expect(none.json().message).toBe('body.default_case_bindings: select at least one default case');
  });

  it('refuses a stale selection, a case in another change, the wrong config type, drafts, no-ops and repeats', async () => {
    const b = await a.binding({ version: 'v6.5.9', configType: 'tikv' });
    const memory = await a.templateId('dedicated-tikv-v6.5-memory');
    const expectError = async (body: object, status: number, code: string, message?: string) => {
      const res = await a.call('POST', changes, OPERATOR, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      if (message) expect(res.json().message).toBe(message);
    };
    const caseName = 'DEDICATED_TIDB v6.5.9 Any/Any tikv';
    const stale = { ...b, current_template: { id: memory, name: 'x' } };
    await expectError(
      a.modification([{ b: stale, to: await a.templateId('dedicated-tikv-v6.5-general') }]),
      409,
      'defaultConfig.stale',
      `The default case ${caseName} now uses template ${b.current_template.id}, not ${memory}; reload and select it again`,
    );
    const gone = { ...b, default_case: { ...b.default_case, version: 'v1.0.0' } };
    await expectError(a.modification([{ b: gone, to: memory }]), 409, 'defaultConfig.stale');
    const tidbTemplate = await a.templateId('dedicated-tidb-v6.5-default');
    await expectError(
      a.modification([{ b, to: tidbTemplate }]),
      400,
      'defaultConfig.configTypeMismatch',
      `Template ${tidbTemplate} is for DEDICATED_TIDB tidb, the default case for DEDICATED_TIDB tikv`,
    );
    const sharedPool = await a.templateId('shared-pool-tikv-v7.5-default');
    await expectError(a.modification([{ b, to: sharedPool }]), 400, 'defaultConfig.configTypeMismatch');
    await expectError(
      a.modification([{ b, to: b.current_template.id }]),
      400,
      'request.invalid',
      `The default case ${caseName} already uses template ${b.current_template.id}`,
    );
    await expectError(
      a.modification([
        { b, to: memory },
        { b, to: memory },
      ]),
      400,
      'request.invalid',
      `The default case ${caseName} is selected more than once`,
    );
    await expectError(a.modification([{ b, to: '999999' }]), 404, 'template.notFound');

    const first = await a.modify([
      { ref: { version: 'v6.5.9', configType: 'tikv' }, to: 'dedicated-tikv-v6.5-memory' },
    ]);
    const again = await a.binding({ version: 'v6.5.9', configType: 'tikv' });
    await expectError(
      a.modification([{ b: again, to: await a.templateId('dedicated-tikv-v6.5-general') }]),
      409,
      'defaultConfig.caseInChange',
      `The default case ${caseName} is already being modified by change ${first}`,
    );
    // A draft of a change in progress cannot be chosen.
    const [item] = await a.items(first);
    await batch(first, { items: [item.id], params_to_set: [{ name: 'log.level', value: 'warn' }] });
    const draft = (await a.items(first))[0].template_binding.modified.template_id;
    const pd = await a.binding({
      version: 'v6.5.9',
      configType: 'tikv',
      provider: 'GCP',
      instanceType: 'n2-highmem-8',
    });
    await expectError(
      a.modification([{ b: pd, to: draft }]),
      409,
      'defaultConfig.draftTemplate',
      `Template ${draft} is an unreleased draft of default-config change ${first}`,
    );
  });
});

describe('change list and detail', () => {
  it('pages changes 10 at a time, newest first, filtered by phase, applicant and item type', async () => {
    const page = await a.ok('GET', changes);
    expect(page.total).toBeGreaterThanOrEqual(5);
    const created = page.items.map((c: DefaultConfigChange) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.items.length).toBeLessThanOrEqual(10);
    const success = await a.ok('GET', `${changes}?phase=success`);
    expect(success.total).toBeGreaterThanOrEqual(1);
    expect(success.items[0]).toMatchObject({ phase: 'success', environments: ['dev', 'staging', 'prod'] });
    const two = await a.ok('GET', `${changes}?phase=success&phase=terminated`);
    expect(new Set(two.items.map((c: DefaultConfigChange) => c.phase))).toEqual(new Set(['success', 'terminated']));
    const versions = await a.ok('GET', `${changes}?item_type=version_release`);
    expect(versions.total).toBeGreaterThanOrEqual(1);
    expect(versions.items[0].item_types).toEqual([
      'version_release',
      'template_default_case_binding',
      'default_component_config',
    ]);
    const byMaria = await a.ok('GET', `${changes}?applicant=Maria.Garcia@example.com`);
    expect(byMaria.items.every((c: DefaultConfigChange) => c.applicant === 'maria.garcia@example.com')).toBe(true);
    expect(byMaria.total).toBeGreaterThan(0);
    expect((await a.ok('GET', `${changes}?per_page=2&page=2`)).items).toHaveLength(2);
  });

  it('answers 404 defaultConfig.notFound for an unknown change', async () => {
    for (const id of ['999999', 'x1']) {
      const res = await a.call('GET', `${changes}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'defaultConfig.notFound',
        message: `Default-config change ${id} not found`,
      });
    }
    expect((await a.call('GET', `${changes}/999999/items`)).statusCode).toBe(404);
    expect((await a.call('GET', `${changes}/999999/releases`)).statusCode).toBe(404);
  });
});

describe('batch update templates', () => {
  it('derives a draft of a released template once, then edits that draft in place', async () => {
    const id = await a.modify([{ ref: { version: 'v7.5.4', configType: 'tikv' }, to: 'dedicated-tikv-v7.5-general' }]);
    const [item] = (await a.items(id)) as ChangeItem[];
    const original = item!.template_binding!.modified.template_id;
    const res = await batch(id, {
      items: [item!.id],
      params_to_set: [
        { name: 'storage.block-cache.capacity', value: '14GB' },
        { name: 'rocksdb.max-background-jobs', value: '12' },
      ],
      params_to_unset: ['server.grpc-concurrency'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [updated] = res.json().items as ChangeItem[];
    expect(updated!.revision).toBe(2);
    const draft = updated!.template_binding!.modified.template_id;
    expect(draft).not.toBe(original);
    expect(updated!.template_binding!.modified.template_name).toBe(`dedicated-tikv-v7.5-general (change ${id})`);
    const d = await templateRow(draft);
    expect(d.change_id).toBe(id);
    const values = Object.fromEntries(d.parameters.map((p) => [p.name, p.value]));
    expect(values).toMatchObject({ 'storage.block-cache.capacity': '14GB', 'rocksdb.max-background-jobs': '12' });
    expect(values['server.grpc-concurrency']).toBeUndefined();
    // The released template is untouched; the case stages the draft.
    const o = await templateRow(original);
    expect(Object.fromEntries(o.parameters.map((p) => [p.name, p.value]))['storage.block-cache.capacity']).toBe('12GB');
    expect((await a.binding({ version: 'v7.5.4', configType: 'tikv' })).current_template.id).toBe(draft);

    const second = await batch(id, { items: [item!.id], params_to_set: [{ name: 'log.level', value: 'warn' }] });
    const [again] = second.json().items as ChangeItem[];
    expect(again!.revision).toBe(3);
    expect(again!.template_binding!.modified.template_id).toBe(draft);
    const d2 = await templateRow(draft);
    expect(d2.parameters.find((p) => p.name === 'log.level')!.value).toBe('warn');
    // A no-op changes nothing.
    const same = await batch(id, { items: [item!.id], params_to_set: [{ name: 'log.level', value: 'warn' }] });
    expect((same.json().items as ChangeItem[])[0]!.revision).toBe(3);

    const audit = (await a.audit(id)).filter((r) => r.operation === 'batch_update_templates');
    expect(audit).toHaveLength(2);
    expect(audit[0]!.details).toMatchObject({
      before: [
        {
          item_id: item!.id,
          revision: 1,
          template_id: original,
          parameters: { 'storage.block-cache.capacity': '12GB' },
        },
      ],
      after: [{ item_id: item!.id, revision: 2, template_id: draft, parameters: { 'server.grpc-concurrency': null } }],
    });
  });

  it('validates every value against the catalogue of the template minor version', async () => {
    const id = await a.modify([
      {
        ref: { version: 'v8.5.0', configType: 'tidb', provider: 'AWS', instanceType: 'c5.4xlarge' },
        to: 'dedicated-tidb-v8.5-general',
      },
      { ref: { version: 'v8.5.0', configType: 'pd' }, to: 'dedicated-pd-v8.5-aws' },
    ]);
    const items = (await a.items(id)) as ChangeItem[];
    const [tidbItem, pdItem] = items;
    const expect400 = async (body: object, code: string, message: string) => {
      const res = await batch(id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, message });
    };
    await expect400(
      { items: [tidbItem!.id], params_to_set: [{ name: 'no.such-param', value: '1' }] },
      'defaultConfig.unknownParameter',
      'The parameter no.such-param is not in the tidb catalogue of v8.5',
    );
    // log.level exists for both; token-limit only for tidb.
    await expect400(
      { items: [tidbItem!.id, pdItem!.id], params_to_set: [{ name: 'token-limit', value: '3000' }] },
      'defaultConfig.unknownParameter',
      'The parameter token-limit is not in the pd catalogue of v8.5',
    );
    await expect400(
      { items: [tidbItem!.id], params_to_set: [{ name: 'token-limit', value: 'many' }] },
      'configChange.invalidParameter',
      PARAM_MESSAGES.int,
    );
    await expect400(
      { items: [tidbItem!.id], params_to_set: [{ name: 'oom-action', value: 'panic' }] },
      'configChange.invalidParameter',
      PARAM_MESSAGES.enum(['log', 'cancel']),
    );
    await expect400(
      { items: [tidbItem!.id], params_to_set: [{ name: 'token-limit', value: ' 10' }] },
      'configChange.invalidParameter',
      PARAM_MESSAGES.whitespace,
    );
    await expect400(
      { items: [tidbItem!.id], params_to_unset: ['no.such-param'] },
      'defaultConfig.unknownParameter',
      'The parameter no.such-param is not in the tidb catalogue of v8.5',
    );
    await expect400(
      { items: [tidbItem!.id], params_to_set: [{ name: 'log.level', value: 'warn' }], params_to_unset: ['log.level'] },
      'configChange.invalidParameter',
      'parameter log.level is both set and unset',
    );
    await expect400(
      { items: [tidbItem!.id] },
      'request.invalid',
      'body.params_to_set: set or unset at least one parameter',
    );
    // Nothing was written by the refused calls.
    expect(((await a.items(id)) as ChangeItem[]).map((i) => i.revision)).toEqual([1, 1]);

    const ok = await batch(id, {
      items: [tidbItem!.id, pdItem!.id],
      params_to_set: [{ name: 'log.level', value: 'error' }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.map((i: ChangeItem) => i.revision)).toEqual([2, 2]);
  });

  it('refuses items of another change or of another type (404)', async () => {
    const id = await a.modify([{ ref: { version: 'v7.1.5', configType: 'pd' }, to: 'dedicated-pd-v7.1-aws' }]);
    const [seeded] = await t.database.rows<{ id: string }>(
      sql`select id::text from cc_change_items where change_id <> ${Number(id)} order by id limit 1`,
    );
    for (const itemId of [seeded!.id, '999999', 'x']) {
      const res = await batch(id, { items: [itemId], params_to_set: [{ name: 'log.level', value: 'warn' }] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'defaultConfig.itemNotFound',
        message: `The change has no template item ${itemId}`,
      });
    }
  });
});

describe('batch update components', () => {
  it('stages the image on the component default and keeps one item per component, revision by revision', async () => {
    const id = await a.modify([{ ref: { version: 'v7.1.5', configType: 'tikv' }, to: 'dedicated-tikv-v7.1-general' }]);
    const before = await a.ok('GET', `${changes}/${id}/components?version=v7.5.2`);
    const tidb = before.items.find((r: { component: string }) => r.component === 'TIDB');
    expect(tidb).toMatchObject({
      base_image: 'pingcap/tidb',
      current_tag: 'v7.5.2',
      source_tag: 'v7.5.2',
      change_id: null,
    });
    expect(before.items.map((r: { component: string }) => r.component)).toEqual([
      'TIKV',
      'TIDB',
      'TIFLASH',
      'TIFLASH_LEARNER',
      'PD',
      'TIPROXY',
    ]);

    const res = await images(id, [image('TIDB', 'v7.5.2', 'v7.5.2-hotfix.1')]);
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().items as ChangeItem[];
    expect(item).toMatchObject({
      type: 'default_component_config',
      revision: 1,
      component_config: {
        origin: {
          default_case: {
            component: 'TIDB',
            version: 'v7.5.2',
            cloud_provider: null,
            instance_type: null,
            config_type: '',
          },
          cluster_type: 'DEDICATED_TIDB',
          base_image: 'pingcap/tidb',
          image_tag: 'v7.5.2',
          template_id: null,
        },
        modified: { base_image: 'pingcap/tidb', image_tag: 'v7.5.2-hotfix.1', template_id: null },
      },
    });
    const staged = await a.ok('GET', `${changes}/${id}/components?version=v7.5.2`);
    expect(staged.items.find((r: { component: string }) => r.component === 'TIDB')).toMatchObject({
      current_tag: 'v7.5.2-hotfix.1',
      source_tag: 'v7.5.2',
      change_id: id,
    });
    const again = await images(id, [image('TIDB', 'v7.5.2', 'v7.5.2-hotfix.2', 'registry.example.com/pingcap/tidb')]);
    expect(again.json().items[0]).toMatchObject({
      id: item!.id,
      revision: 2,
      component_config: { modified: { base_image: 'registry.example.com/pingcap/tidb', image_tag: 'v7.5.2-hotfix.2' } },
    });
    expect((await a.change(id)).item_types).toEqual(['template_default_case_binding', 'default_component_config']);
    const audit = (await a.audit(id)).filter((r) => r.operation === 'batch_update_components');
    expect(audit[1]!.details).toMatchObject({
      before: [{ component: 'TIDB', version: 'v7.5.2', image_tag: 'v7.5.2-hotfix.1' }],
      after: [{ component: 'TIDB', version: 'v7.5.2', image_tag: 'v7.5.2-hotfix.2' }],
    });
  });

  it('validates tags, and refuses unknown images and images another change stages', async () => {
    const id = await a.modify([
      { ref: { version: 'v7.1.5', configType: 'tiflash' }, to: 'dedicated-tiflash-v7.1-memory' },
    ]);
    const bad = async (components: object[], status: number, code: string, message: string) => {
      const res = await images(id, components);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code, message });
    };
    await bad([image('PD', 'v7.5.2', '')], 400, 'configChange.invalidParameter', IMAGE_TAG_MESSAGES.required);
    await bad([image('PD', 'v7.5.2', ' v7.5.2')], 400, 'configChange.invalidParameter', IMAGE_TAG_MESSAGES.whitespace);
    await bad(
      [image('PD', 'v7.5.2', 'a'), image('PD', 'v7.5.2', 'b')],
      400,
      'configChange.invalidParameter',
      'the image of PD v7.5.2 is set more than once',
    );
    await bad(
      [image('PD', 'v1.0.0', 'v1.0.0')],
      404,
      'version.notFound',
      'There is no default image of PD for DEDICATED_TIDB v1.0.0',
    );
    const [held] = await t.database.rows<{ change_id: string }>(
      sql`select change_id::text from cc_component_defaults where component = 'TIKV' and version = 'v8.5.0' and cluster_type = 'DEDICATED_TIDB'`,
    );
    expect(held!.change_id).not.toBeNull();
    await bad(
      [image('TIKV', 'v8.5.0', 'v8.5.0-x')],
      409,
      'defaultConfig.caseInChange',
      `The default image of TIKV for DEDICATED_TIDB v8.5.0 is already being modified by change ${held!.change_id}`,
    );
    const missing = await a.call('POST', `${changes}/${id}/components/batchUpdate`, OPERATOR, {
      batch_update_component_configs: { components: [{ ...image('PD', 'v7.5.2', 'x'), base_image: '' }] },
    });
    expect(missing.json().message).toBe(
      'body.batch_update_component_configs.components.0.base_image: base image is required',
    );
  });
});

describe('close', () => {
  it('requires a result, and a reason when terminated', async () => {
    const target = await a.modify([
      {
        ref: { version: 'v7.1.5', configType: 'tidb', provider: 'GCP', instanceType: 'n2-standard-8' },
        to: 'dedicated-tidb-v7.1-compute',
      },
    ]);
    const none = await a.close(target, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(`body.result: ${CONFIG_CENTER_MESSAGES.closeResultRequired}`);
    const noReason = await a.close(target, { result: 'terminated' });
    expect(noReason.json().message).toBe(`body.reason: ${CONFIG_CENTER_MESSAGES.terminateReasonRequired}`);
  });

  it('success keeps what is staged and frees it; nothing can be done to the closed change', async () => {
    const id = await a.modify([{ ref: { version: 'v6.5.9', configType: 'pd' }, to: 'dedicated-pd-v6.5-aws' }]);
    await images(id, [image('PD', 'v7.1.5', 'v7.1.5-fix')]);
    const res = await a.close(id, { result: 'success' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().change).toMatchObject({ phase: 'success', phase_reason: null });
    expect(res.json().change.closed_at).not.toBeNull();
    const b = await a.binding({ version: 'v6.5.9', configType: 'pd' });
    expect(b).toMatchObject({ change_id: null, current_template: { name: 'dedicated-pd-v6.5-aws' } });
    const view = await a.ok('GET', `${changes}/${id}/components?version=v7.1.5`);
    expect(view.items.find((r: { component: string }) => r.component === 'PD')).toMatchObject({
      current_tag: 'v7.1.5-fix',
      change_id: null,
    });
    const [item] = await a.items(id);
    const refused = [
      [await batch(id, { items: [item.id], params_to_set: [{ name: 'log.level', value: 'warn' }] }), 'modified'],
      [await images(id, [image('PD', 'v7.1.5', 'again')]), 'given new images'],
      [await a.release(id, 'dev'), 'released'],
      [await a.close(id, { result: 'success' }), 'closed'],
    ] as const;
    for (const [r, verb] of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({
        code: 'defaultConfig.phaseForbids',
        message: `A default-config change that is success cannot be ${verb}`,
      });
    }
    const audit = await a.audit(id);
    expect(audit.at(-1)).toMatchObject({
      operation: 'close',
      details: { before: { phase: 'in_progress' }, after: { phase: 'success', phase_reason: null } },
    });
  });

  it('terminated puts back what was never released and frees the cases', async () => {
    const id = await a.modify([
      { ref: { version: 'v6.5.9', configType: 'tiflash' }, to: 'dedicated-tiflash-v6.5-memory' },
    ]);
    const before = await a.binding({ version: 'v6.5.9', configType: 'tiflash' });
    const [item] = await a.items(id);
    await batch(id, { items: [item.id], params_to_set: [{ name: 'logger.level', value: 'debug' }] });
    await images(id, [image('TIFLASH', 'v7.1.5', 'v7.1.5-fix')]);
    const res = await a.close(id, { result: 'terminated', reason: 'Not needed after all' });
    expect(res.json().change).toMatchObject({ phase: 'terminated', phase_reason: 'Not needed after all' });
    const b = await a.binding({ version: 'v6.5.9', configType: 'tiflash' });
    expect(b.change_id).toBeNull();
    expect(b.current_template).toEqual(before.source_template);
    const view = await a.ok('GET', `${changes}/${id}/components?version=v7.1.5`);
    expect(view.items.find((r: { component: string }) => r.component === 'TIFLASH')).toMatchObject({
      current_tag: 'v7.1.5',
      change_id: null,
    });
    const audit = await a.audit(id);
    expect(audit.at(-1)).toMatchObject({
      operation: 'close',
      operator: OPERATOR,
      details: { after: { phase: 'terminated', phase_reason: 'Not needed after all' } },
    });
    expect((audit.at(-1)!.details.reverted as unknown[]).length).toBe(2);
  });
});

describe('New TiDB Version', () => {
  it('creates a change with the version item and the copied cases and images, staged for the target', async () => {
    const res = await a.call('POST', `${P}/versions/release`, OPERATOR, {
      cluster_type: 'DEDICATED_TIDB',
      source_version: 'v8.5.1',
      target_version: 'v8.5.9',
      reason: 'Patch release',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().change_id as string;
    const change = await a.change(id);
    expect(change).toMatchObject({ phase: 'in_progress', reason: 'Patch release' });
    expect(change.item_types).toEqual(['version_release', 'template_default_case_binding', 'default_component_config']);
    const items = (await a.items(id)) as ChangeItem[];
    const version = items.find((i) => i.type === 'version_release')!;
    expect(version.version_release).toMatchObject({
      cluster_type: 'DEDICATED_TIDB',
      source_version: 'v8.5.1',
      target_version: 'v8.5.9',
    });
    expect(version.version_release!.covering_instance_types).toEqual(
      expect.arrayContaining(['AWS:m5.2xlarge', 'GCP:n2-highmem-8', 'AZURE:Standard_E8s_v5']),
    );
    const [counts] = await t.database.rows<{ source: number; target: number; staged: number }>(sql`
      select count(*) filter (where version = 'v8.5.1')::int as source, count(*) filter (where version = 'v8.5.9')::int as target,
        count(*) filter (where version = 'v8.5.9' and change_id = ${Number(id)})::int as staged
      from cc_default_cases where cluster_type = 'DEDICATED_TIDB'`);
    expect(counts!.target).toBe(counts!.source);
    expect(counts!.staged).toBe(counts!.target);
    expect(items.filter((i) => i.type === 'template_default_case_binding')).toHaveLength(counts!.source);
    const copied = await a.binding({
      version: 'v8.5.9',
      configType: 'tikv',
      provider: 'AWS',
      instanceType: 'r5.2xlarge',
    });
    const source = await a.binding({
      version: 'v8.5.1',
      configType: 'tikv',
      provider: 'AWS',
      instanceType: 'r5.2xlarge',
    });
    expect(copied.current_template).toEqual(source.current_template);
    expect(copied.source_template).toBeNull();
    const view = await a.ok('GET', `${changes}/${id}/components?version=v8.5.9`);
    expect(view.items.find((r: { component: string }) => r.component === 'TIKV')).toMatchObject({
      base_image: 'pingcap/tikv',
      current_tag: 'v8.5.9',
      source_tag: null,
      change_id: id,
    });
    // Not available to new clusters anywhere until released.
    const resolved = await a.resolve({
      environment: 'dev',
      cluster_type: 'DEDICATED_TIDB',
      version: 'v8.5.9',
      cloud_provider: 'AWS',
    });
    expect(resolved).toMatchObject({ version_available: false, templates: [], components: [] });
    const [audit] = await a.audit(id);
    expect(audit).toMatchObject({
      operation: 'create',
      details: { after: { version_release: { target_version: 'v8.5.9' } } },
    });

    // Terminated before any release: the version and everything copied for it are removed.
    await a.close(id, { result: 'terminated', reason: 'Wrong version number' });
    const [left] = await t.database.rows<{ cases: number; images: number; versions: number }>(sql`
      select (select count(*) from cc_default_cases where version = 'v8.5.9')::int as cases,
        (select count(*) from cc_component_defaults where version = 'v8.5.9')::int as images,
        (select count(*) from cc_versions where version = 'v8.5.9')::int as versions`);
    expect(left).toEqual({ cases: 0, images: 0, versions: 0 });
  });

  it('refuses an existing target (409), a missing source (404) and invalid versions (400)', async () => {
    const post = (body: object) => a.call('POST', `${P}/versions/release`, OPERATOR, body);
    const exists = await post({ source_version: 'v8.1.1', target_version: 'v8.5.0' });
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toMatchObject({
      code: 'version.exists',
      message: 'Version v8.5.0 of DEDICATED_TIDB already exists',
    });
    const missing = await post({ source_version: 'v1.0.0', target_version: 'v8.5.8' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'version.notFound',
      message: 'Version v1.0.0 of DEDICATED_TIDB not found',
    });
    const noTarget = await post({ source_version: 'v8.5.1' });
    expect(noTarget.json().message).toBe(`body.target_version: ${CONFIG_CENTER_MESSAGES.targetVersionRequired}`);
    const badTarget = await post({ source_version: 'v8.5.1', target_version: '8.5.8' });
    expect(badTarget.json().message).toBe('body.target_version: a version looks like v8.1.1');
    const [n] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from cc_versions where version = 'v8.5.8'`,
    );
    expect(n!.n).toBe(0);
  });
});

describe('privileges', () => {
  it('lets the admin act too, and records who did what', async () => {
    const id = await a.modify(
      [
        {
          ref: { version: 'v7.1.5', configType: 'tidb', provider: 'AWS', instanceType: 'c5.4xlarge' },
          to: 'dedicated-tidb-v7.1-general',
        },
      ],
      ADMIN,
    );
    expect((await a.change(id)).applicant).toBe(ADMIN);
  });
});
