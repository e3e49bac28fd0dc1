import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_CENTER_MESSAGES, type ChangeItem, type DefaultConfigChange } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { ADMIN, api, CHANGES, image, OPERATOR } from './testing.js';

/** Default-config changes: create modification, list and detail, close, privileges (decision 0012). */

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

describe('create modification', () => {
  it('stages each selected case to its new template in one change, with an audit row', async () => {
    const tidb = await a.binding({ version: 'v7.5.2', configType: 'tidb' });
    const tikv = await a.binding({ version: 'v7.5.2', configType: 'tikv' });
    const toTidb = await a.templateId('dedicated-tidb-v7.5-general');
    const toTikv = await a.templateId('dedicated-tikv-v7.5-memory');
    const res = await a.call(
      'POST',
      CHANGES,
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
      const res = await a.call('POST', CHANGES, OPERATOR, { ...body, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'request.invalid',
        message: `body.reason: ${CONFIG_CENTER_MESSAGES.reasonRequired}`,
      });
    }
    const none = await a.call('POST', CHANGES, OPERATOR, { ...body, default_case_bindings: [] });
    expect(none.json().message).toBe('body.default_case_bindings: select at least one default case');
  });

  it('refuses a stale selection, a case in another change, the wrong config type, drafts, no-ops and repeats', async () => {
    const b = await a.binding({ version: 'v6.5.9', configType: 'tikv' });
    const memory = await a.templateId('dedicated-tikv-v6.5-memory');
    const expectError = async (body: object, status: number, code: string, message?: string) => {
      const res = await a.call('POST', CHANGES, OPERATOR, body);
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
    await a.batch(first, { items: [item.id], params_to_set: [{ name: 'log.level', value: 'warn' }] });
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
    const page = await a.ok('GET', CHANGES);
    expect(page.total).toBeGreaterThanOrEqual(5);
    const created = page.items.map((c: DefaultConfigChange) => c.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.items.length).toBeLessThanOrEqual(10);
    const success = await a.ok('GET', `${CHANGES}?phase=success`);
    expect(success.total).toBeGreaterThanOrEqual(1);
    expect(success.items[0]).toMatchObject({ phase: 'success', environments: ['dev', 'staging', 'prod'] });
    const two = await a.ok('GET', `${CHANGES}?phase=success&phase=terminated`);
    expect(new Set(two.items.map((c: DefaultConfigChange) => c.phase))).toEqual(new Set(['success', 'terminated']));
    const versions = await a.ok('GET', `${CHANGES}?item_type=version_release`);
    expect(versions.total).toBeGreaterThanOrEqual(1);
    expect(versions.items[0].item_types).toEqual([
      'version_release',
      'template_default_case_binding',
      'default_component_config',
    ]);
    const byMaria = await a.ok('GET', `${CHANGES}?applicant=Maria.Garcia@example.com`);
    expect(byMaria.items.every((c: DefaultConfigChange) => c.applicant === 'maria.garcia@example.com')).toBe(true);
    expect(byMaria.total).toBeGreaterThan(0);
    expect((await a.ok('GET', `${CHANGES}?per_page=2&page=2`)).items).toHaveLength(2);
  });

  it('answers 404 defaultConfig.notFound for an unknown change', async () => {
    for (const id of ['999999', 'x1']) {
      const res = await a.call('GET', `${CHANGES}/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'defaultConfig.notFound',
        message: `Default-config change ${id} not found`,
      });
    }
    expect((await a.call('GET', `${CHANGES}/999999/items`)).statusCode).toBe(404);
    expect((await a.call('GET', `${CHANGES}/999999/releases`)).statusCode).toBe(404);
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
    await a.images(id, [image('PD', 'v7.1.5', 'v7.1.5-fix')]);
    const res = await a.close(id, { result: 'success' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().change).toMatchObject({ phase: 'success', phase_reason: null });
    expect(res.json().change.closed_at).not.toBeNull();
    const b = await a.binding({ version: 'v6.5.9', configType: 'pd' });
    expect(b).toMatchObject({ change_id: null, current_template: { name: 'dedicated-pd-v6.5-aws' } });
    const view = await a.ok('GET', `${CHANGES}/${id}/components?version=v7.1.5`);
    expect(view.items.find((r: { component: string }) => r.component === 'PD')).toMatchObject({
      current_tag: 'v7.1.5-fix',
      change_id: null,
    });
    const [item] = await a.items(id);
    const refused = [
      [await a.batch(id, { items: [item.id], params_to_set: [{ name: 'log.level', value: 'warn' }] }), 'modified'],
      [await a.images(id, [image('PD', 'v7.1.5', 'again')]), 'given new images'],
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
    await a.batch(id, { items: [item.id], params_to_set: [{ name: 'logger.level', value: 'debug' }] });
    await a.images(id, [image('TIFLASH', 'v7.1.5', 'v7.1.5-fix')]);
    const res = await a.close(id, { result: 'terminated', reason: 'Not needed after all' });
    expect(res.json().change).toMatchObject({ phase: 'terminated', phase_reason: 'Not needed after all' });
    const b = await a.binding({ version: 'v6.5.9', configType: 'tiflash' });
    expect(b.change_id).toBeNull();
    expect(b.current_template).toEqual(before.source_template);
    const view = await a.ok('GET', `${CHANGES}/${id}/components?version=v7.1.5`);
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
