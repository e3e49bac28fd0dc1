import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { CONFIG_CENTER_MESSAGES, PARAM_MESSAGES, type CreateTemplateBody } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { operations, operationSteps } from '../operations/index.js';
import { ADMIN, api, base, customTemplates as customTemplatesOf, OPERATOR } from './testing.js';

let t: TestApp;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
});
afterAll(() => t?.close());

let n = 0;
/** An Add Template request with a fresh name. */
function templateBody(extra: Partial<CreateTemplateBody> = {}): CreateTemplateBody {
  return {
    name: `custom-test-${++n}`,
    cluster_type: 'DEDICATED_TIDB',
    change_type: 'fulltidb',
    apply_policy: 'RollingRestart',
    files: {
      tidb: [
        { name: 'token-limit', value: '2000', comment: 'more sessions' },
        { name: 'log.level', value: 'warn', comment: '' },
      ],
      tikv: [{ name: 'server.grpc-concurrency', value: '8', comment: '' }],
      tiflash: [],
      init_sql: [
        { index: 2, sql: 'SET GLOBAL tidb_enable_auto_analyze = ON;' },
        { index: 1, sql: 'CREATE DATABASE IF NOT EXISTS app;' },
      ],
    },
    version: { to_version: 'v8.1.1' },
    reason: 'A template for the payments team',
    ...extra,
  };
}
const createTemplate = (body: object, who = OPERATOR) => a.call('POST', `${base}/templates`, who, body);
const customTemplates = (name: string) => customTemplatesOf(t, name);
const auditOf = async (id: string) =>
  (await a.call('GET', `/api/v1/devops/audit?type=cloud_config_change&instance_id=${id}&sort=operate_at`)).json()
    .items as { operation: string; operator: string; details: Record<string, unknown> }[];

async function approvedTemplate(body: CreateTemplateBody): Promise<string> {
  const res = await createTemplate(body);
  expect(res.statusCode).toBe(201);
  const id = res.json().change_id as string;
  await a.decide((await a.detail(id)).approval_id, 'approve');
  await t.jobs.drain();
  expect(await a.detail(id)).toMatchObject({ phase: 'wait_for_apply' });
  return id;
}

describe('Add Template: a configuration change with target type template', () => {
  it('creates a change submitted for approval: the template as its files, version and snapshot; audited', async () => {
    const body = templateBody();
    const res = await createTemplate(body);
    expect(res.statusCode).toBe(201);
    const { change_id: id } = res.json();
    expect(id).toMatch(/^\d+$/);

    const change = await a.detail(id);
    expect(change).toMatchObject({
      target_type: 'template',
      target_id: body.name,
      cluster_type: 'DEDICATED_TIDB',
      tenant_id: null,
      applicant: OPERATOR,
      apply_policy: 'RollingRestart',
      phase: 'approving',
      approval_id: expect.any(String),
      reason: 'A template for the payments team',
    });
    expect(change.scope.version).toEqual({ from: '', to: 'v8.1.1' });
    expect(change.scope.components).toEqual([]);
    expect(change.scope.files.map((f: { filename: string }) => f.filename)).toEqual(['tidb.toml', 'tikv.toml']);
    expect(change.scope.files[0].all_parameters).toEqual([
      { name: 'log.level', value: 'warn' },
      { name: 'token-limit', value: '2000' },
    ]);
    expect(change.scope.files[0].modified_parameters[0]).toMatchObject({
      name: 'token-limit',
      action: 'set',
      from: null,
      to: '2000',
      type: 'int',
    });
    expect(change.scope.template).toEqual({
      name: body.name,
      version: 'v8.1.1',
      effective_minor_version: 'v8.1',
      files: {
        tidb: body.files.tidb,
        tikv: body.files.tikv,
        tiflash: [],
        init_sql: [
          { index: 1, sql: 'CREATE DATABASE IF NOT EXISTS app;' },
          { index: 2, sql: 'SET GLOBAL tidb_enable_auto_analyze = ON;' },
        ],
      },
      template_id: null,
    });
    expect(change.snapshot).toContainEqual({ filename: 'tikv.toml', name: 'server.grpc-concurrency', value: '8' });
    expect(change.snapshot).toContainEqual({
      filename: 'INIT_SQL',
      name: '1',
      value: 'CREATE DATABASE IF NOT EXISTS app;',
    });
    // Listed among the changes, by target type too.
    const list = (await a.call('GET', `${base}/changes?target_type=template&target_id=${body.name}`)).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([id]);

    const audit = await auditOf(id);
    expect(audit.map((i) => i.operation)).toEqual(['create', 'submit_for_approval']);
    expect(audit[0]!.details).toMatchObject({
      after: { phase: 'created', target_type: 'template', target_id: body.name },
    });
    // Nothing is created before the approved change is applied.
    expect(await customTemplates(body.name)).toEqual([]);
  });

  it('create → approve → apply: the operation creates the custom template, recorded on the change', async () => {
    const body = templateBody();
    const id = await approvedTemplate(body);
    const res = await a.apply(id);
    expect(res.statusCode).toBe(200);
    const { instance_id: operationId } = res.json();
    expect(res.json().change).toMatchObject({ phase: 'applying', operation_id: operationId });
    await t.jobs.drain();

    const [row] = await customTemplates(body.name);
    expect(row).toMatchObject({
      name: body.name,
      cluster_type: 'DEDICATED_TIDB',
      template_type: 'custom',
      config_type: null,
      effective_minor_version: 'v8.1',
      creator_email: OPERATOR,
      custom_data: {
        tidb: body.files.tidb,
        tikv: body.files.tikv,
        tiflash: [],
        init_sql: [
          { index: 1, sql: 'CREATE DATABASE IF NOT EXISTS app;' },
          { index: 2, sql: 'SET GLOBAL tidb_enable_auto_analyze = ON;' },
        ],
      },
    });
    const change = await a.detail(id);
    expect(change).toMatchObject({ phase: 'applied', closed_at: expect.any(String) });
    expect(change.scope.template.template_id).toBe(row!.id);

    // Nothing runs a template: no restarts, only the check and the persist.
    const [op] = await t.database.db
      .select()
      .from(operations)
      .where(eq(operations.id, Number(operationId)));
    expect(op).toMatchObject({ status: 'succeeded', targetType: 'template', targetId: body.name });
    const steps = await t.database.db
      .select()
      .from(operationSteps)
      .where(eq(operationSteps.operationId, Number(operationId)))
      .orderBy(asc(operationSteps.seq));
    expect(steps.map((s) => s.name)).toEqual(['check', 'persist']);

    const audit = await auditOf(id);
    expect(audit.map((i) => i.operation)).toEqual([
      'create',
      'submit_for_approval',
      'approve',
      'approved',
      'apply',
      'applied',
    ]);
    expect(audit.map((i) => i.operator)).toEqual([OPERATOR, OPERATOR, ADMIN, ADMIN, OPERATOR, 'system']);
    expect(audit[5]!.details).toMatchObject({
      operation_id: operationId,
      after: { phase: 'applied', target_type: 'template', template: { template_id: row!.id } },
    });

    // The template exists now: the same name again is refused; applying again too.
    const again = await createTemplate(templateBody({ name: body.name }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'configChange.notChangeable',
      message: `You cannot change the config currently, because a custom template named ${body.name} already exists (${row!.id})`,
    });
    expect((await a.apply(id)).statusCode).toBe(409);
  });

  it('refuses what the phase forbids: apply before approval, a second open request of a name, a rejected one', async () => {
    const body = templateBody();
    const id = (await createTemplate(body)).json().change_id as string;
    const early = await a.apply(id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'configChange.phaseForbids',
      message: 'A change that is approving cannot be applied',
    });

    const twice = await createTemplate(templateBody({ name: body.name }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'configChange.notChangeable',
      message: `You cannot change the config currently, because there is an unfinished configuration change ${id}`,
    });
    // Another cluster type's template of the same name is another target.
    const other = await createTemplate(templateBody({ name: body.name, cluster_type: 'SHARED_POOL' }));
    expect(other.statusCode).toBe(201);

    await a.decide((await a.detail(id)).approval_id, 'reject');
    await t.jobs.drain();
    expect(await a.detail(id)).toMatchObject({ phase: 'cancelled', phase_reason: `Rejected by ${ADMIN}` });
    expect((await a.apply(id)).statusCode).toBe(409);
    expect(await customTemplates(body.name)).toEqual([]);

    // The applicant withdrawing while approving.
    const withdrawn = (await createTemplate(templateBody())).json().change_id as string;
    expect((await a.cancel(withdrawn)).json().change).toMatchObject({ phase: 'withdrawn' });
    // Cancelled after approval: never created.
    const later = await approvedTemplate(templateBody());
    expect((await a.cancel(later, ADMIN, 'not needed')).json().change).toMatchObject({
      phase: 'cancelled',
      phase_reason: 'not needed',
    });
    expect((await a.apply(later)).statusCode).toBe(409);
  });

  it('validates: name and version required, names known to the catalogue of the version, values valid', async () => {
    const expect400 = async (body: object, code: string, message: string) => {
      const res = await createTemplate(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, message });
    };
    const { name: _name, ...noName } = templateBody();
    await expect400(noName, 'request.invalid', `body.name: ${CONFIG_CENTER_MESSAGES.templateNameRequired}`);
    await expect400(
      templateBody({ name: '   ' }),
      'request.invalid',
      `body.name: ${CONFIG_CENTER_MESSAGES.templateNameRequired}`,
    );
    const { version: _version, ...noVersion } = templateBody();
    await expect400(noVersion, 'request.invalid', `body.version: ${CONFIG_CENTER_MESSAGES.templateVersionRequired}`);
    await expect400(
      templateBody({ version: { to_version: ' ' } }),
      'request.invalid',
      `body.version.to_version: ${CONFIG_CENTER_MESSAGES.templateVersionRequired}`,
    );
    await expect400(
      templateBody({ version: { to_version: 'latest' } }),
      'configChange.invalidVersion',
      'the template version latest should look like v8.5.1',
    );

    const files = (tidb: { name: string; value: string }[]) => ({
      tidb: tidb.map((p) => ({ ...p, comment: '' })),
      tikv: [],
      tiflash: [],
      init_sql: [],
    });
    await expect400(
      templateBody({ files: files([{ name: 'no-such-parameter', value: '1' }]) }),
      'configChange.invalidParameter',
      'unknown parameter no-such-parameter of tidb in v8.1',
    );
    await expect400(
      templateBody({ files: files([{ name: 'token-limit', value: 'many' }]) }),
      'configChange.invalidParameter',
      PARAM_MESSAGES.int,
    );
    await expect400(
      templateBody({ files: files([{ name: 'log.level', value: 'loud' }]) }),
      'configChange.invalidParameter',
      PARAM_MESSAGES.enum(['debug', 'info', 'warn', 'error']),
    );
    await expect400(
      templateBody({
        files: files([
          { name: 'token-limit', value: '1' },
          { name: 'token-limit', value: '2' },
        ]),
      }),
      'configChange.invalidParameter',
      'parameter token-limit of tidb is set more than once',
    );
    await expect400(
      templateBody({
        files: {
          ...files([]),
          init_sql: [
            { index: 1, sql: 'a' },
            { index: 1, sql: 'b' },
          ],
        },
      }),
      'configChange.invalidParameter',
      'INIT_SQL paragraph 1 is given more than once',
    );
    // Another minor's catalogue answers for another version.
    expect((await createTemplate(templateBody({ version: { to_version: 'v7.5.3' } }))).statusCode).toBe(201);
  });

  it('needs the operate privilege', async () => {
    const res = await createTemplate(templateBody(), 'sam.okafor@example.com');
    expect(res.statusCode).toBe(403);
  });
});
