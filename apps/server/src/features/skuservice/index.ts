import { skuServiceApi as api } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { listAuditLogs } from '../audits/index.js';
import { operationTypes } from '../operations/index.js';
import { skuServiceOperations } from './operations.js';
import * as service from './service.js';

export { SKU_OPS } from './service.js';
/** The tables, for the demo seed and tests. */
export { skuComputeMus, skuSkus, skuSpus, skuStorageMus, skuWhitelist } from './schema.js';

/**
 * The SKU service (issue 17; spec §2 /sku_service, §7 Devops mgmt-portal): SPUs, SKUs, the providers' compute and
 * storage MUs, the whitelist strategy and the catalogue's change log (audit rows of type spu_sku). The SKU and SPU
 * updates answer the operation that applies them.
 */
export const skuServiceFeature = defineFeature({
  name: 'skuservice',
  provides: (ctx) => [operationTypes.provide(...skuServiceOperations(ctx))],
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email.toLowerCase();
    // An update answers the operation applying it; waking the runner starts it now rather than at the next poll.
    const started = async <T>(out: Promise<T>) => {
      const result = await out;
      jobs.wake();
      return result;
    };

    r.add(api.spus, (req) => service.listSpus(db, req.query));
    r.add(api.createSpu, async (req) => ({ spu: await service.createSpu(db, who(req), req.body) }));
    r.add(api.updateSpu, (req) => started(service.requestSpuUpdate(ctx, db, req.params.id, req.body, who(req))));
    r.add(api.skus, (req) => service.listSkus(db, req.query));
    r.add(api.createSku, async (req) => ({ sku: await service.createSku(db, who(req), req.body) }));
    r.add(api.updateSku, (req) => started(service.requestSkuUpdate(ctx, db, req.params.id, req.body, who(req))));
    r.add(api.computeMus, (req) => service.listComputeMus(db, req.query.cloudProvider));
    r.add(api.storageMus, (req) => service.listStorageMus(db, req.query.cloudProvider));
    r.add(api.whitelist, (req) => service.listWhitelist(db, req.query));
    r.add(api.addWhitelist, (req) => service.addWhitelist(db, who(req), req.body));
    r.add(api.removeWhitelist, (req) => service.removeWhitelist(db, who(req), req.params.id));
    r.add(api.changelog, (req) => listAuditLogs(db, { ...req.query, type: 'spu_sku' }));
  },
});
