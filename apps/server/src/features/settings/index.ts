import { settingsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import * as service from './service.js';

export { getSetting } from './service.js';

/** System settings (spec §7 Admin "GET and PUT /system-settings"): typed, checked, audited. */
export const settingsFeature = defineFeature({
  name: 'settings',
  routes: (r, { db }) => {
    r.add(settingsApi.get, () => service.getSettings(db));
    r.add(settingsApi.update, (req) => service.updateSettings(db, principalOf(req).email, req.body));
  },
});
