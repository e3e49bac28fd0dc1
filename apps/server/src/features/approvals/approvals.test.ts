import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildApp } from '../../app.js';
import { defineFeature } from '../../platform/context.js';
import { auditLogs, jobs } from '../../platform/schema.js';
import { approvalTemplates as templateRows } from './schema.js';
import { approvalTemplates } from './index.js';
import { createApproval } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let subject = 0;
async function newApproval(
  applicant = 'operator@example.com',
  template = 'cluster_config_change',
): Promise<{ id: string; subjectId: string }> {
  const subjectId = `test-change-${++subject}`;
  const id = await t.database.db.transaction((tx) =>
    createApproval(tx, {
      template,
      name: `Change ${subjectId}`,
      applicant,
      subjectType: 'cloud_config_change',
      subjectId,
    }),
  );
  return { id, subjectId };
}

const decide = async (id: string, who: string, decision: 'approve' | 'reject', body?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/devops/approval/approvals/${id}/${decision}`,
    headers: await t.as(who),
    payload: body ?? {},
  });

describe('approvals', () => {
  it('returns the approval with its nodes and tasks from the template', async () => {
    const { id } = await newApproval();
    const res = await t.app.inject({
      url: `/api/v1/devops/approval/approvals/${id}`,
      headers: await t.as('operator@example.com'),
    });
    expect(res.statusCode).toBe(200);
    const { approval } = res.json();
    expect(approval).toMatchObject({
      id,
      status: 'PENDING',
      from_template: 'cluster_config_change',
      applicant: 'operator@example.com',
      end_at: null,
      nodes: [
        {
          name: 'DBA review',
          status: 'PENDING',
          tasks: [{ user_email: 'admin@example.com', status: 'PENDING', end_at: null }],
        },
      ],
    });
    expect(approval.nodes[0].tasks[0].start_at).toBe(approval.start_at);
  });

  it('404s an unknown approval and a malformed id', async () => {
    const headers = await t.as('operator@example.com');
    for (const id of ['999999', 'abc']) {
      const res = await t.app.inject({ url: `/api/v1/devops/approval/approvals/${id}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('approval.notFound');
    }
  });

  it('refuses someone who is not an approver of the first pending node', async () => {
    const { id } = await newApproval('admin@example.com');
    const res = await decide(id, 'lin.wei@example.com', 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('approval.notApprover');
  });

  it('refuses the applicant deciding their own request', async () => {
    const { id } = await newApproval('admin@example.com');
    const res = await decide(id, 'admin@example.com', 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('approval.selfApproval');
  });

  it('approves: settles the flow, audits on the subject and tells the owning feature through a job', async () => {
    const { id, subjectId } = await newApproval();
    const res = await decide(id, 'admin@example.com', 'approve', { comment: 'looks safe' });
    expect(res.statusCode).toBe(200);
    const { approval } = res.json();
    expect(approval.status).toBe('APPROVED');
    expect(approval.end_at).toEqual(expect.any(String));
    expect(approval.nodes[0]).toMatchObject({
      status: 'APPROVED',
      tasks: [{ status: 'APPROVED', comment: 'looks safe' }],
    });

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.type, 'cloud_config_change'), eq(auditLogs.instanceId, subjectId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator: 'admin@example.com', operation: 'approve' });
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `approval-settled-${id}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.kind).toBe('approval.settled:cloud_config_change');
    expect(queued[0]!.payload).toMatchObject({ approval_id: id, subject_id: subjectId, status: 'APPROVED' });

    const again = await decide(id, 'admin@example.com', 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('approval.alreadyDecided');
  });

  it('rejects', async () => {
    const { id } = await newApproval();
    const res = await decide(id, 'admin@example.com', 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json().approval).toMatchObject({ status: 'REJECTED', nodes: [{ status: 'REJECTED' }] });
  });

  it('of 20 concurrent approvals exactly one wins; the rest get 409 and there is one audit row', async () => {
    const { id, subjectId } = await newApproval();
    const headers = await t.as('admin@example.com');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: `/api/v1/devops/approval/approvals/${id}/approve`, headers, payload: {} }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.type, 'cloud_config_change'), eq(auditLogs.instanceId, subjectId)));
    expect(audit).toHaveLength(1);
  });

  it('a viewer cannot decide at all (the route needs approvals.write)', async () => {
    const { id } = await newApproval();
    const res = await decide(id, 'sam.okafor@example.com', 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.forbidden');
  });
});

describe('approval templates', () => {
  const provided = {
    name: 'test_two_step',
    title: 'Two-step test flow',
    nodes: [
      { name: 'Team lead', approvers: ['lin.wei@example.com'] },
      { name: 'DBA review', approvers: ['admin@example.com'] },
    ],
  };
  const withTemplate = defineFeature({ name: 'test-templates', provides: () => [approvalTemplates.provide(provided)] });
  /** Starts an app (as a server does) whose features provide `provided`, on the test database. */
  const startApp = async () => {
    const other = await buildApp(t.config, t.database, { stepTimeScale: 0, extraFeatures: [withTemplate] });
    await other.app.ready();
    await other.app.close();
  };
  const stored = async (name: string) =>
    (await t.database.db.select().from(templateRows).where(eq(templateRows.name, name)))[0];

  it('the app ensures the templates its features provide at start: a missing one is created', async () => {
    expect(await stored('test_two_step')).toBeUndefined();
    await startApp();
    expect(await stored('test_two_step')).toMatchObject({ title: 'Two-step test flow', nodes: provided.nodes });
    // configchange's template is one of the app's own.
    expect((await stored('cluster_config_change'))?.nodes).toEqual([
      { name: 'DBA review', approvers: ['admin@example.com'] },
    ]);
  });

  it('keeps a template edited in the database as it is', async () => {
    const edited = [{ name: 'Team lead', approvers: ['maria.garcia@example.com'] }];
    await t.database.db.update(templateRows).set({ nodes: edited }).where(eq(templateRows.name, 'test_two_step'));
    await startApp();
    expect((await stored('test_two_step'))?.nodes).toEqual(edited);
  });
});
