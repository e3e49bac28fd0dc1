import { providersApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import * as service from './service.js';

/** Cloud providers and their regions (spec §2 /providers, §7 Admin). */
export const providersFeature = defineFeature({
  name: 'providers',
  routes: (r, { db }) => {
    r.add(providersApi.list, () => service.listProviders(db));
    r.add(providersApi.create, (req) => service.createProvider(db, principalOf(req).email, req.body));
    r.add(providersApi.detail, (req) => service.getProvider(db, req.params.id));
    r.add(providersApi.regions, (req) => service.listRegions(db, req.params.id));
    r.add(providersApi.createRegion, (req) =>
      service.createRegion(db, principalOf(req).email, req.params.id, req.body),
    );
    r.add(providersApi.updateRegion, (req) =>
      service.updateRegion(db, principalOf(req).email, req.params.id, req.params.rid, req.body),
    );
  },
});

// The tables other areas read (monitoring lists the regions with their certificates).
export { providers, regions } from './schema.js';
