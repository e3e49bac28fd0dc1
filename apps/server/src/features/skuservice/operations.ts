import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { OperationDefinition, StepContext } from '../operations/index.js';
import {
  applySkuUpdate,
  applySpuUpdate,
  checkSkuUpdate,
  SKU_OPS,
  skuInstance,
  spuInstance,
  type SkuUpdateParams,
  type SpuUpdateParams,
} from './service.js';

/**
 * The operations of the two catalogue updates (spec §7 "Update SKU … and update SPU … Each returns instance_id"): the
 * request only validates and records; the last step writes the row and audits before/after. A failure or a cancel
 * leaves the row as it was and says so in the change log.
 */
function settled(kind: 'sku' | 'spu', operation: string) {
  return async (ctx: StepContext, error?: string) => {
    await writeAudit(ctx.tx, {
      type: 'spu_sku',
      instanceId: kind === 'sku' ? skuInstance(ctx.operation.targetId) : spuInstance(ctx.operation.targetId),
      operator: ctx.operation.createdBy,
      operation: `${operation}_${error === undefined ? 'cancelled' : 'failed'}`,
      details: { instance_id: ctx.operation.id, error: error ?? null },
    });
  };
}

export function skuServiceOperations(app: Pick<AppContext, 'controlPlane'>): OperationDefinition[] {
  const paced = (def: OperationDefinition): OperationDefinition => ({
    ...def,
    steps: def.steps.map((s) => ({ ...s, durationMs: app.controlPlane.stepDuration(def.type, s.name) })),
  });
  const definitions: OperationDefinition[] = [
    {
      type: SKU_OPS.updateSku,
      steps: [
        {
          name: 'validate',
          title: 'Check the SKU and its storage MUs',
          run: (ctx) => checkSkuUpdate(ctx.tx, ctx.operation.params as SkuUpdateParams),
        },
        {
          name: 'apply',
          title: 'Apply the change to the catalogue',
          run: (ctx) =>
            applySkuUpdate(ctx.tx, ctx.operation.createdBy, ctx.operation.id, ctx.operation.params as SkuUpdateParams),
        },
      ],
      onCancel: settled('sku', 'update_sku'),
      onFail: settled('sku', 'update_sku'),
    },
    {
      type: SKU_OPS.updateSpu,
      steps: [
        {
          name: 'apply',
          title: 'Apply the change to the catalogue',
          run: (ctx) =>
            applySpuUpdate(ctx.tx, ctx.operation.createdBy, ctx.operation.id, ctx.operation.params as SpuUpdateParams),
        },
      ],
      onCancel: settled('spu', 'update_spu'),
      onFail: settled('spu', 'update_spu'),
    },
  ];
  return definitions.map(paced);
}
