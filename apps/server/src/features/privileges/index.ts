import { grantsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import * as service from './service.js';

export { activeGrantsOf } from './service.js';

/** Time-bound privilege grants (spec §2 /privilege, /privilege/{priv_id}; §7 "privilege privileges and revoke"). */
export const privilegesFeature = defineFeature({
  name: 'privileges',
  routes: (r, { db }) => {
    r.add(grantsApi.list, (req) => service.listGrants(db, principalOf(req), req.query));
    r.add(grantsApi.create, (req) => service.createGrant(db, principalOf(req), req.body));
    r.add(grantsApi.detail, (req) => service.getGrant(db, principalOf(req), req.params.id));
    r.add(grantsApi.approve, (req) =>
      service.decideGrant(db, principalOf(req), req.params.id, 'approve', req.body?.reason),
    );
    r.add(grantsApi.reject, (req) =>
      service.decideGrant(db, principalOf(req), req.params.id, 'reject', req.body?.reason),
    );
    r.add(grantsApi.revoke, (req) => service.revokeGrant(db, principalOf(req), req.params.id, req.body.reason));
  },
});
