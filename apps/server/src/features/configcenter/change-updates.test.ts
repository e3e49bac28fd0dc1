import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IMAGE_TAG_MESSAGES, PARAM_MESSAGES, type ChangeItem } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { api, CHANGES, image, OPERATOR } from './testing.js';

/** Default-config changes' batch updates: templates' parameters, components' images (decision 0012). */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

describe('batch update templates', () => {
  it('derives a draft of a released template once, then edits that draft in place', async () => {
    const id = await a.modify([{ ref: { version: 'v7.5.4', configType: 'tikv' }, to: 'dedicated-tikv-v7.5-general' }]);
    const [item] = (await a.items(id)) as ChangeItem[];
    const original = item!.template_binding!.modified.template_id;
    const res = await a.batch(id, {
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
    const d = await a.templateRow(draft);
    expect(d.change_id).toBe(id);
    const values = Object.fromEntries(d.parameters.map((p) => [p.name, p.value]));
    expect(values).toMatchObject({ 'storage.block-cache.capacity': '14GB', 'rocksdb.max-background-jobs': '12' });
    expect(values['server.grpc-concurrency']).toBeUndefined();
    // The released template is untouched; the case stages the draft.
    const o = await a.templateRow(original);
    expect(Object.fromEntries(o.parameters.map((p) => [p.name, p.value]))['storage.block-cache.capacity']).toBe('12GB');
    expect((await a.binding({ version: 'v7.5.4', configType: 'tikv' })).current_template.id).toBe(draft);

    const second = await a.batch(id, { items: [item!.id], params_to_set: [{ name: 'log.level', value: 'warn' }] });
    const [again] = second.json().items as ChangeItem[];
    expect(again!.revision).toBe(3);
    expect(again!.template_binding!.modified.template_id).toBe(draft);
    const d2 = await a.templateRow(draft);
    expect(d2.parameters.find((p) => p.name === 'log.level')!.value).toBe('warn');
    // A no-op changes nothing.
    const same = await a.batch(id, { items: [item!.id], params_to_set: [{ name: 'log.level', value: 'warn' }] });
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
      const res = await a.batch(id, body);
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

    const ok = await a.batch(id, {
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
      const res = await a.batch(id, { items: [itemId], params_to_set: [{ name: 'log.level', value: 'warn' }] });
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
    const before = await a.ok('GET', `${CHANGES}/${id}/components?version=v7.5.2`);
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

    const res = await a.images(id, [image('TIDB', 'v7.5.2', 'v7.5.2-hotfix.1')]);
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
    const staged = await a.ok('GET', `${CHANGES}/${id}/components?version=v7.5.2`);
    expect(staged.items.find((r: { component: string }) => r.component === 'TIDB')).toMatchObject({
      current_tag: 'v7.5.2-hotfix.1',
      source_tag: 'v7.5.2',
      change_id: id,
    });
    const again = await a.images(id, [image('TIDB', 'v7.5.2', 'v7.5.2-hotfix.2', 'registry.example.com/pingcap/tidb')]);
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
      const res = await a.images(id, components);
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
    const missing = await a.call('POST', `${CHANGES}/${id}/components/batchUpdate`, OPERATOR, {
      batch_update_component_configs: { components: [{ ...image('PD', 'v7.5.2', 'x'), base_image: '' }] },
    });
    expect(missing.json().message).toBe(
      'body.batch_update_component_configs.components.0.base_image: base image is required',
    );
  });
});
