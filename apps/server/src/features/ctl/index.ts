import { ctlApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { listCommands, runCtl } from './service.js';

/**
 * Cluster control (spec §2 ctl page, §7 `ctl (POST)`): the allow-listed commands and running one against a cluster,
 * through the control plane. Commands that change the cluster need a secondary confirmation.
 */
export const ctlFeature = defineFeature({
  name: 'ctl',
  routes: (r, ctx) => {
    r.add(ctlApi.commands, () => listCommands(ctx));
    r.add(ctlApi.run, (req) => runCtl(ctx, ctx.db, req.body, principalOf(req).email));
  },
});
