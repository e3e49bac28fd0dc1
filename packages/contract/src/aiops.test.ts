import { describe, expect, it } from 'vitest';
import {
  AIOPS_ISSUE_STATUS_ACTIONS,
  AIOPS_ISSUE_STATUSES,
  AIOPS_MESSAGES,
  AIOPS_RULES,
  aiopsEvidenceQuery,
  aiopsIssueActionBody,
  aiopsIssueListQuery,
  aiopsPlaygroundPath,
  aiopsRule,
  aiopsRulePromql,
  canAiopsIssue,
  describeAiopsCondition,
} from './aiops.js';
import { AUDIT_TYPES } from './constants.js';
import { errorCatalogue } from './errors.js';
import { PORTAL_EVENT_TYPES } from './events.js';
import { metricInfo, parseMetricQuery } from './metrics.js';

describe('AIOps issue states', () => {
  it('moves open → acknowledged → resolved (resolve may skip acknowledging); resolved is final', () => {
    const allowed = AIOPS_ISSUE_STATUSES.flatMap((s) =>
      (['acknowledge', 'resolve'] as const).filter((a) => canAiopsIssue(s, a)).map((a) => `${s}:${a}`),
    );
    expect(allowed).toEqual(['open:acknowledge', 'open:resolve', 'acknowledged:resolve']);
    expect(AIOPS_ISSUE_STATUS_ACTIONS.resolved).toEqual([]);
    expect(canAiopsIssue('bogus', 'resolve')).toBe(false);
  });

  it('has its error codes, audit type and event', () => {
    expect(errorCatalogue['aiops.actionNotAllowed'].status).toBe(409);
    expect(errorCatalogue['aiops.issueNotFound'].status).toBe(404);
    expect(errorCatalogue['aiops.reportNotFound'].status).toBe(404);
    expect(AUDIT_TYPES).toContain('aiops_issue');
    expect(PORTAL_EVENT_TYPES).toContain('aiops.issue_opened');
  });

  it('pins its messages', () => {
    expect(AIOPS_MESSAGES).toEqual({
      acknowledged: 'Issue acknowledged',
      resolved: 'Issue resolved',
      noteTooLong: 'note must be at most 1000 characters',
    });
    expect(aiopsIssueActionBody.safeParse({ note: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      AIOPS_MESSAGES.noteTooLong,
    );
    expect(aiopsIssueActionBody.parse(undefined)).toEqual({});
  });
});

describe('AIOps rules', () => {
  it('read metrics of the catalogue, with labels it has, and the playground can run their evidence queries', () => {
    expect(new Set(AIOPS_RULES.map((r) => r.key)).size).toBe(AIOPS_RULES.length);
    for (const rule of AIOPS_RULES) {
      const info = metricInfo(rule.metric);
      expect(info, rule.key).toBeDefined();
      for (const label of Object.keys(rule.matchers)) expect(info!.labels, rule.key).toContain(label);
      const parsed = parseMetricQuery(aiopsEvidenceQuery(rule, '10086'));
      expect(parsed.ok, `${rule.key}: ${JSON.stringify(parsed)}`).toBe(true);
    }
  });

  it('say what they do in words and in PromQL', () => {
    const cpu = aiopsRule('cpu_saturation')!;
    expect(describeAiopsCondition(cpu)).toBe('max over the cluster, mean over 10 min above 0.9');
    expect(aiopsRulePromql(cpu)).toBe('avg_over_time((max by (cluster_id) (component_cpu_usage_ratio))[10m:1m]) > 0.9');
    const drop = aiopsRule('qps_drop')!;
    expect(describeAiopsCondition(drop)).toBe(
      'sum over the cluster, mean over 15 min below 0.3× the lowest value of the 60 min ending 60 min before the window',
    );
    expect(aiopsRulePromql(drop)).toBe(
      'avg_over_time((sum by (cluster_id) (tidb_qps))[15m:1m]) < 0.3 * ' +
        'min_over_time((sum by (cluster_id) (tidb_qps))[60m:1m] offset 75m) and ' +
        'min_over_time((sum by (cluster_id) (tidb_qps))[60m:1m] offset 75m) >= 10',
    );
    expect(aiopsEvidenceQuery(drop, 'a"b')).toBe('sum by (cluster_id) (tidb_qps{cluster_id="a\\"b"})');
  });
});

describe('AIOps requests', () => {
  it('links the playground with its own query params', () => {
    expect(aiopsPlaygroundPath('tidb_qps{cluster_id="1"}', 4 * 3600, '2026-11-24T10:00:00.000Z', 60)).toBe(
      '/playground?query=tidb_qps%7Bcluster_id%3D%221%22%7D&range=4h&step=1m&end=2026-11-24T10%3A00%3A00.000Z',
    );
  });

  it('takes repeated filters and refuses unknown rules', () => {
    expect(aiopsIssueListQuery.parse({ status: 'open', rule: ['qps_drop', 'cpu_saturation'] })).toMatchObject({
      status: ['open'],
      rule: ['qps_drop', 'cpu_saturation'],
      sort: '-last_seen',
      page: 1,
      per_page: 10,
    });
    expect(aiopsIssueListQuery.safeParse({ rule: 'nope' }).success).toBe(false);
  });
});
