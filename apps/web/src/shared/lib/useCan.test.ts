import { describe, expect, it } from 'vitest';
import { operationsApi, providersApi } from '@portal/contract';
import type { Profile } from '@portal/contract';
import { adminProfile, operatorProfile, viewerProfile } from '../../test/fixtures';
import { can } from './useCan';

describe('can', () => {
  it("mirrors the server's rule: the descriptor's privilege must be among the profile's", () => {
    expect(can(viewerProfile, operationsApi.detail)).toBe(true);
    expect(can(viewerProfile, operationsApi.submit)).toBe(false);
    expect(can(operatorProfile, operationsApi.submit)).toBe(true);
    expect(can(operatorProfile, providersApi.create)).toBe(false);
    expect(can(adminProfile, providersApi.create)).toBe(true);
    expect(can(operatorProfile, 'admin.users')).toBe(false);
    expect(can(viewerProfile, { access: 'public' })).toBe(true);
  });

  it('holds back admin actions, and only those, while the profile is unknown', () => {
    expect(can(undefined, providersApi.create)).toBe(false);
    expect(can(undefined, operationsApi.submit)).toBe(true);
  });

  it('grants nothing beyond reading public routes from a profile without privileges', () => {
    const old = { ...operatorProfile, privileges: undefined } as unknown as Profile;
    expect(can(old, operationsApi.detail)).toBe(false);
    expect(can(old, { access: 'public' })).toBe(true);
  });
});
