import { describe, expect, it } from 'vitest';
import {
  canChangefeed,
  canTicdc,
  modifyTicdcImageBody,
  shutdownTicdcBody,
  ticdcApi,
  upgradeTicdcBody,
} from './ticdc.js';
import { gitopsApi, gitopsApplyBody, gitopsQueryBody } from './gitops.js';
import { ctlApi, ctlRunBody } from './ctl.js';
import { confirmationDetailsSchema } from './confirmation.js';
import { errorCatalogue } from './errors.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('TiCDC action bodies (spec §5)', () => {
  it('requires a target version', () => {
    for (const body of [{}, { target_version: '' }, { target_version: '  ' }, { target_version: null }]) {
      expect(messages(upgradeTicdcBody.safeParse(body))).toContain('target version is required');
    }
    expect(upgradeTicdcBody.parse({ target_version: ' v8.5.1 ' })).toEqual({ target_version: 'v8.5.1' });
    expect(messages(upgradeTicdcBody.safeParse({ target_version: '8.5' }))).toEqual([
      'target version should look like v8.5.1',
    ]);
  });

  it('requires image tags without surrounding whitespace', () => {
    const tag = (image_tag: unknown) =>
      messages(modifyTicdcImageBody.safeParse({ components: [{ component: 'TICDC', image_tag }] }));
    expect(tag(undefined)).toEqual(['image tag is required']);
    expect(tag('')).toEqual(['image tag is required']);
    expect(tag(' v8.1.1')).toEqual(['please delete the whitespaces in the head and tail']);
    expect(tag('v8.1.1-20261101-abc1234')).toEqual([]);
    expect(messages(modifyTicdcImageBody.safeParse({}))).toEqual(['at least one component is required']);
  });

  it('requires an all-digits cloud config change id', () => {
    const id = (cloud_config_change_id?: unknown) => messages(shutdownTicdcBody.safeParse({ cloud_config_change_id }));
    expect(id()).toEqual(['cloud config change id is required']);
    expect(id('')).toEqual(['cloud config change id is required']);
    for (const bad of ['12a', ' 12', '-1', '1e3', 12]) expect(id(bad)).toEqual(['the input should be all digits']);
    expect(id('0042')).toEqual([]);
  });

  it('says which actions each status allows', () => {
    expect(canTicdc('restart', 'available')).toBe(true);
    expect(canTicdc('restart', 'stopped')).toBe(false);
    expect(canTicdc('upgrade', 'unavailable')).toBe(false);
    expect(canTicdc('shutdown', 'shutting_down')).toBe(false);
    expect(canChangefeed('restart', 'error')).toBe(true);
    expect(canChangefeed('restart', 'finished')).toBe(false);
  });
});

describe('ctl and gitops bodies', () => {
  it('defaults the gitops branch and requires a cluster', () => {
    expect(gitopsQueryBody.parse({ cluster_id: '1' })).toEqual({ cluster_id: '1', branch: '3layer-prod' });
    expect(messages(gitopsApplyBody.safeParse({ branch: 'main' }))).toEqual(['cluster id is required']);
    expect(messages(ctlRunBody.safeParse({ cluster_id: '1', command: ' ' }))).toEqual(['command is required']);
  });
});

describe('the secondary confirmation', () => {
  it('is one error code and one body field for ctl and gitops', () => {
    expect(errorCatalogue['confirmation.required'].status).toBe(409);
    expect(Object.keys(errorCatalogue).filter((c) => /confirm/i.test(c))).toEqual(['confirmation.required']);
    expect(ctlRunBody.parse({ cluster_id: '1', command: 'pd-ctl store', confirm: true }).confirm).toBe(true);
    expect(gitopsApplyBody.parse({ cluster_id: '1', confirm: true }).confirm).toBe(true);
    expect(ctlRunBody.safeParse({ cluster_id: '1', command: 'x', confirm: 'yes' }).success).toBe(false);
  });

  it('says what is to be confirmed and what to send back', () => {
    const details = { subject: 'pd-ctl config set a 1', description: 'Changes PD', resend_with: { confirm: true } };
    expect(confirmationDetailsSchema.parse(details)).toEqual(details);
    expect(confirmationDetailsSchema.safeParse({ ...details, resend_with: { confirm: false } }).success).toBe(false);
    expect(
      confirmationDetailsSchema.parse({ ...details, changes: [{ path: 'p', current: null, desired: '2' }] }).changes,
    ).toEqual([{ path: 'p', current: null, desired: '2' }]);
  });
});

describe('route descriptors', () => {
  it('keep the paths, methods and privileges of the TiCDC, ctl and gitops routes', () => {
    const table = (api: Record<string, { method: string; path: string; access: string }>) =>
      Object.fromEntries(Object.entries(api).map(([k, d]) => [k, `${d.access} ${d.method} ${d.path}`]));
    expect(table(ticdcApi)).toEqual({
      clusters: 'ticdc.read GET /api/v1/devops/ticdc/clusters',
      cluster: 'ticdc.read GET /api/v1/devops/ticdc/clusters/:id',
      upgrade: 'ticdc.write POST /api/v1/devops/ticdc/clusters/:id/upgrade',
      modifyImage: 'ticdc.write POST /api/v1/devops/ticdc/clusters/:id/images',
      restart: 'ticdc.write POST /api/v1/devops/ticdc/clusters/:id/restart',
      shutdown: 'ticdc.write POST /api/v1/devops/ticdc/clusters/:id/shutdown',
      changefeeds: 'ticdc.read GET /api/v1/devops/ticdc/changefeeds',
      changefeed: 'ticdc.read GET /api/v1/devops/ticdc/changefeeds/:id',
      restartChangefeed: 'ticdc.write POST /api/v1/devops/ticdc/changefeeds/:id/restart',
      internalChangefeeds: 'ticdc.read GET /api/v1/devops/ticdc-meta/internal/changefeeds',
    });
    expect(table(ctlApi)).toEqual({
      commands: 'ctl.read GET /api/v1/devops/cluster/ctl/commands',
      run: 'ctl.write POST /api/v1/devops/cluster/ctl',
    });
    expect(table(gitopsApi)).toEqual({
      list: 'gitops.read POST /api/v1/devops/secondaryconfirm/list',
      diff: 'gitops.read POST /api/v1/devops/secondaryconfirm/diff',
      apply: 'gitops.write POST /api/v1/devops/secondaryconfirm/apply',
    });
  });
});
