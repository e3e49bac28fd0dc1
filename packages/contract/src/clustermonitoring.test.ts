import { describe, expect, it } from 'vitest';
import {
  CLUSTER_ALERT_MESSAGES,
  CLUSTER_ALERT_STATE_ACTIONS,
  CLUSTER_ALERT_STATES,
  canClusterAlert,
  clusterAlertState,
  clusterMonitoringApi,
  formatBytes,
  formatSilenceDuration,
  silenceClusterAlertBody,
} from './clustermonitoring.js';
import { AUDIT_TYPES } from './constants.js';
import { errorCatalogue } from './errors.js';

describe('cluster alerts: the state table', () => {
  it('derives the state from the source status, the silence and the acknowledgement', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const base = { status: 'firing', acknowledged_at: null, silenced_until: null };
    expect(clusterAlertState(base, now)).toBe('firing');
    expect(clusterAlertState({ ...base, acknowledged_at: '2026-11-24T11:00:00Z' }, now)).toBe('acknowledged');
    const silenced = { ...base, acknowledged_at: '2026-11-24T11:00:00Z', silenced_until: '2026-11-24T12:00:01Z' };
    expect(clusterAlertState(silenced, now)).toBe('silenced');
    // A silence that ended (or was lifted: until = then) no longer counts.
    expect(clusterAlertState({ ...silenced, silenced_until: '2026-11-24T12:00:00Z' }, now)).toBe('acknowledged');
    expect(clusterAlertState({ ...silenced, status: 'resolved' }, now)).toBe('resolved');
  });

  it('allows acknowledge and silence while firing, only silence once acknowledged, only lifting while silenced', () => {
    expect(CLUSTER_ALERT_STATE_ACTIONS).toEqual({
      firing: ['acknowledge', 'silence'],
      acknowledged: ['silence'],
      silenced: ['unsilence'],
      resolved: [],
    });
    expect(Object.keys(CLUSTER_ALERT_STATE_ACTIONS).sort()).toEqual([...CLUSTER_ALERT_STATES].sort());
    expect(canClusterAlert('firing', 'acknowledge')).toBe(true);
    expect(canClusterAlert('acknowledged', 'acknowledge')).toBe(false);
    expect(canClusterAlert('resolved', 'silence')).toBe(false);
    expect(canClusterAlert('bogus', 'silence')).toBe(false);
  });
});

describe('cluster alerts: messages and validation', () => {
  it('pins the messages', () => {
    expect(CLUSTER_ALERT_MESSAGES).toEqual({
      durationRequired: 'duration is required',
      durationRange: 'duration must be 15 minutes to 7 days',
      commentRequired: 'comment is required',
      commentTooLong: 'comment must be at most 500 characters',
      acknowledged: 'Alert acknowledged.',
      silenced: 'Alert silenced.',
      unsilenced: 'Silence lifted.',
    });
    expect(errorCatalogue['clusterAlert.actionNotAllowed'].status).toBe(409);
    expect(errorCatalogue['clusterAlert.notFound'].status).toBe(404);
    // The adapters' failures (decision 0015): the alert source and a cluster's PD are upstreams.
    expect(errorCatalogue['clusterAlert.sourceUnavailable'].status).toBe(502);
    expect(errorCatalogue['clusterTopology.pdUnavailable'].status).toBe(502);
    expect(AUDIT_TYPES).toContain('cluster_alert');
  });

  it('takes a silence of 15 minutes to 7 days with a comment', () => {
    const parse = (body: unknown) => silenceClusterAlertBody.safeParse(body);
    expect(parse({ duration_minutes: 15, comment: ' why ' })).toMatchObject({
      success: true,
      data: { duration_minutes: 15, comment: 'why' },
    });
    expect(parse({ duration_minutes: 10080, comment: 'x' }).success).toBe(true);
    const message = (body: unknown) => parse(body).error?.issues[0]?.message;
    expect(message({ duration_minutes: 14, comment: 'x' })).toBe(CLUSTER_ALERT_MESSAGES.durationRange);
    expect(message({ duration_minutes: 10081, comment: 'x' })).toBe(CLUSTER_ALERT_MESSAGES.durationRange);
    expect(message({ comment: 'x' })).toBe(CLUSTER_ALERT_MESSAGES.durationRequired);
    expect(message({ duration_minutes: 60, comment: '' })).toBe(CLUSTER_ALERT_MESSAGES.commentRequired);
  });

  it('formats silence lengths and byte sizes', () => {
    expect([60, 240, 1440, 4320, 90, 1].map(formatSilenceDuration)).toEqual([
      '1 hour',
      '4 hours',
      '1 day',
      '3 days',
      '90 minutes',
      '1 minute',
    ]);
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512 * 1024 ** 2)).toBe('512 MiB');
    expect(formatBytes(1.5 * 1024 ** 4)).toBe('1.5 TiB');
    expect(formatBytes(2000 * 1024 ** 3)).toBe('1.95 TiB');
  });
});

describe('routes', () => {
  it('reads with monitoring.read, acts with monitoring.write, under the cluster and dashboard prefixes', () => {
    const summary = Object.values(clusterMonitoringApi).map((r) => `${r.method} ${r.path} ${r.access}`);
    expect(summary).toEqual([
      'GET /api/v1/devops/cluster/clusters/:id/alerts monitoring.read',
      'GET /api/v1/devops/cluster/clusters/:id/alert-summary monitoring.read',
      'POST /api/v1/devops/cluster/clusters/:id/alerts/:alert_id/acknowledge monitoring.write',
      'POST /api/v1/devops/cluster/clusters/:id/alerts/:alert_id/silence monitoring.write',
      'POST /api/v1/devops/cluster/clusters/:id/alerts/:alert_id/unsilence monitoring.write',
      'GET /api/v1/devops/cluster/clusters/:id/topology monitoring.read',
      'GET /api/v1/devops/cluster/clusters/:id/dm-ns monitoring.read',
      'GET /api/v1/devops/dashboard/critical-alert monitoring.read',
    ]);
  });
});
