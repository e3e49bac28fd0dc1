import { ctlCommandList, ctlRoutes, ctlRunBody, ctlRunResponse } from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { listCommands, runCtl } from './service.js';

const tags = ['ctl'];

/** Cluster control: the allow-listed commands and running one against a cluster (spec §2 ctl page, §7 `ctl (POST)`). */
export const registerCtlRoutes: FeatureRoutes = (app, { database }) => {
  const { db } = database;
  app.get(
    ctlRoutes.commands,
    { schema: { response: { 200: ctlCommandList }, tags }, config: { access: 'portal.read' } },
    () => listCommands(),
  );
  // Even read-only commands reach into a customer's cluster: operators only.
  app.post(
    ctlRoutes.run,
    { schema: { body: ctlRunBody, response: { 200: ctlRunResponse }, tags }, config: { access: 'portal.operate' } },
    (req) => runCtl(db, req.body, principalOf(req).email),
  );
};
