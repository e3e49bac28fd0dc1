import { describe, expect, it } from 'vitest';
import { canChangefeed, canTicdc, modifyTicdcImageBody, shutdownTicdcBody, upgradeTicdcBody } from './ticdc.js';
import { gitopsApplyBody, gitopsQueryBody } from './gitops.js';
import { ctlRunBody } from './ctl.js';

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
