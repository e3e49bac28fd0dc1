import { accessApi, authApi, usersApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { userDirectoryFor } from './directory.js';
import * as service from './service.js';
import * as users from './users.js';

/** The caller's profile, and the portal users and their access (spec §2 /access, §3 "Profile (me)", §7). */
export const accessFeature = defineFeature({
  name: 'access',
  routes: (r, { db, config }) => {
    r.add(authApi.me, (req) => service.profileOf(principalOf(req)));
    r.add(authApi.profileQuery, (req) => service.profileOf(principalOf(req)));

    // Admins only.
    r.add(accessApi.users, (req) => service.listPortalUsers(db, req.query));
    r.add(accessApi.createUser, (req) => service.createUser(db, principalOf(req), req.body));
    r.add(accessApi.userRoles, (req) =>
      service.updateUserRoles(db, principalOf(req), req.params.email, req.body.roles),
    );
    r.add(accessApi.userDisabled, (req) =>
      service.setUserDisabled(db, principalOf(req), req.params.email, req.body.disabled),
    );

    // Spec §7 Devops "users: list, detail, roles (PUT), sync (POST)".
    const directory = userDirectoryFor(config, db);
    r.add(usersApi.list, (req) => service.listPortalUsers(db, req.query));
    r.add(usersApi.detail, (req) => users.userDetail(db, principalOf(req), req.params.email));
    r.add(usersApi.roles, (req) => service.updateUserRoles(db, principalOf(req), req.params.email, req.body.roles));
    r.add(usersApi.sync, (req) => users.syncUsers(db, principalOf(req).email, directory));
  },
});
