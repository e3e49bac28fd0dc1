import type { z } from 'zod';
import {
  canChangefeed,
  canTicdc,
  CHANGEFEED_ACTION_STATUSES,
  TICDC_ACTION_STATUSES,
  TICDC_COMPONENT,
  type modifyTicdcImageBody,
  type OperationCreated,
  type shutdownTicdcBody,
  type TicdcAction,
  type upgradeTicdcBody,
} from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { startOperation, type OperationsContext } from '../operations/index.js';
import { getCluster } from '../orgs/index.js';
import { TICDC_OPS, type ActionParams } from './operations.js';
import * as repo from './repo.js';
import { effectiveTag, requireChangefeed, requireTicdc } from './service.js';

/**
 * The actions of the TiCDC and changefeed detail pages. Each locks its row, checks the status allows it, moves the row
 * to a transitional status, starts the operation that does the work and audits the request (type `change`, the
 * target's id) — all in one transaction — and returns the operation's id.
 */

const TRANSITIONAL: Record<TicdcAction, string> = {
  upgrade: 'upgrading',
  modify_image: 'modifying',
  restart: 'restarting',
  shutdown: 'shutting_down',
};
const VERB: Record<TicdcAction, string> = {
  upgrade: 'upgrade',
  modify_image: 'modify the image of',
  restart: 'restart',
  shutdown: 'shut down',
};
const OP_TYPE: Record<TicdcAction, string> = {
  upgrade: TICDC_OPS.upgrade,
  modify_image: TICDC_OPS.modifyImage,
  restart: TICDC_OPS.restart,
  shutdown: TICDC_OPS.shutdown,
};
const AUDIT_OP: Record<TicdcAction, string> = {
  upgrade: 'upgrade_ticdc',
  modify_image: 'modify_ticdc_image',
  restart: 'restart_ticdc',
  shutdown: 'shutdown_ticdc',
};
const TITLE: Record<TicdcAction, (name: string, p: ActionParams) => string> = {
  upgrade: (n, p) => `Upgrade TiCDC ${n} to ${p.to_version}`,
  modify_image: (n) => `Modify the image of TiCDC ${n}`,
  restart: (n) => `Restart TiCDC ${n}`,
  shutdown: (n) => `Shut down TiCDC ${n}`,
};

function guardTicdc(row: repo.TicdcRow, action: TicdcAction): void {
  if (canTicdc(action, row.status)) return;
  throw new AppError('ticdc.actionNotAllowed', `Cannot ${VERB[action]} a TiCDC cluster that is ${row.status}`, {
    status: row.status,
    allowed_statuses: TICDC_ACTION_STATUSES[action],
  });
}

/** Numeric parts of `vX.Y.Z` (validated by the contract). */
const parts = (v: string) => v.replace(/^v/, '').split('.').map(Number);
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

async function begin(
  ctx: OperationsContext,
  tx: Db,
  row: repo.TicdcRow,
  who: string,
  action: TicdcAction,
  params: Omit<ActionParams, 'previous_status' | 'transitional'>,
  audit: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<OperationCreated> {
  const full: ActionParams = { ...params, previous_status: row.status, transitional: TRANSITIONAL[action] };
  await repo.updateTicdc(tx, row.id, { status: full.transitional });
  const instanceId = await startOperation(ctx, tx, {
    type: OP_TYPE[action],
    title: TITLE[action](row.name, full),
    targetType: 'ticdc_cluster',
    targetId: row.id,
    tenantId: row.tenantId,
    params: full,
    createdBy: who,
  });
  await writeAudit(tx, {
    type: 'change',
    instanceId: row.id,
    operator: who,
    operation: AUDIT_OP[action],
    details: {
      instance_id: instanceId,
      before: { status: row.status, ...audit.before },
      after: { status: full.transitional, ...audit.after },
    },
  });
  return { instance_id: instanceId };
}

export function upgradeTicdc(
  ctx: OperationsContext,
  db: Db,
  id: string,
  body: z.output<typeof upgradeTicdcBody>,
  who: string,
): Promise<OperationCreated> {
  return db.transaction(async (tx) => {
    const row = await requireTicdc(tx, id, true);
    guardTicdc(row, 'upgrade');
    const to = body.target_version;
    if (compareVersions(to, row.version) <= 0) {
      throw new AppError(
        'ticdc.versionNotNewer',
        `The target version ${to} is not newer than the current version ${row.version}`,
        { current: row.version, target: to },
      );
    }
    const upstream = await getCluster(tx, row.clusterId);
    if (compareVersions(to, upstream.version) > 0) {
      throw new AppError(
        'ticdc.versionAboveUpstream',
        `TiCDC cannot run ${to}: its upstream cluster ${upstream.name} runs ${upstream.version}`,
        {
          upstream_version: upstream.version,
          target: to,
        },
      );
    }
    return begin(
      ctx,
      tx,
      row,
      who,
      'upgrade',
      { from_version: row.version, to_version: to },
      { before: { version: row.version }, after: { target_version: to } },
    );
  });
}

export function modifyTicdcImage(
  ctx: OperationsContext,
  db: Db,
  id: string,
  body: z.output<typeof modifyTicdcImageBody>,
  who: string,
): Promise<OperationCreated> {
  return db.transaction(async (tx) => {
    const row = await requireTicdc(tx, id, true);
    guardTicdc(row, 'modify_image');
    const unknown = body.components.find((c) => c.component !== TICDC_COMPONENT);
    if (unknown)
      throw new AppError(
        'ticdc.unknownComponent',
        `The TiCDC cluster has no component ${unknown.component}; its component is ${TICDC_COMPONENT}`,
      );
    const to = body.components.at(-1)!.image_tag;
    const from = effectiveTag(row);
    if (to === from) throw new AppError('ticdc.imageUnchanged', `${TICDC_COMPONENT} already runs ${from}`);
    const components = [{ component: TICDC_COMPONENT, from, to }];
    return begin(
      ctx,
      tx,
      row,
      who,
      'modify_image',
      { components },
      {
        before: { components: [{ component: TICDC_COMPONENT, image_tag: from }] },
        after: { components: [{ component: TICDC_COMPONENT, image_tag: to }] },
      },
    );
  });
}

export function restartTicdc(
  ctx: OperationsContext,
  db: Db,
  id: string,
  reason: string | undefined,
  who: string,
): Promise<OperationCreated> {
  return db.transaction(async (tx) => {
    const row = await requireTicdc(tx, id, true);
    guardTicdc(row, 'restart');
    return begin(
      ctx,
      tx,
      row,
      who,
      'restart',
      { reason: reason ?? null },
      { before: {}, after: { reason: reason ?? null } },
    );
  });
}

export function shutdownTicdc(
  ctx: OperationsContext,
  db: Db,
  id: string,
  body: z.output<typeof shutdownTicdcBody>,
  who: string,
): Promise<OperationCreated> {
  return db.transaction(async (tx) => {
    const row = await requireTicdc(tx, id, true);
    guardTicdc(row, 'shutdown');
    const changeId = body.cloud_config_change_id;
    return begin(
      ctx,
      tx,
      row,
      who,
      'shutdown',
      { cloud_config_change_id: changeId },
      { before: {}, after: { cloud_config_change_id: changeId } },
    );
  });
}

export function restartChangefeed(
  ctx: OperationsContext,
  db: Db,
  id: string,
  reason: string | undefined,
  who: string,
): Promise<OperationCreated> {
  return db.transaction(async (tx) => {
    const row = await requireChangefeed(tx, id, true);
    if (!canChangefeed('restart', row.status)) {
      throw new AppError('changefeed.actionNotAllowed', `Cannot restart a changefeed that is ${row.status}`, {
        status: row.status,
        allowed_statuses: CHANGEFEED_ACTION_STATUSES.restart,
      });
    }
    if (row.ticdcStatus !== 'available') {
      throw new AppError(
        'changefeed.ticdcUnavailable',
        `Cannot restart the changefeed: its TiCDC cluster ${row.ticdcName} is ${row.ticdcStatus}`,
        {
          ticdc_cluster_status: row.ticdcStatus,
        },
      );
    }
    const params: ActionParams = { previous_status: row.status, transitional: 'restarting', reason: reason ?? null };
    await repo.updateChangefeed(tx, row.id, { status: params.transitional });
    const instanceId = await startOperation(ctx, tx, {
      type: TICDC_OPS.restartChangefeed,
      title: `Restart changefeed ${row.displayName}`,
      targetType: 'changefeed',
      targetId: row.id,
      tenantId: row.tenantId,
      params,
      createdBy: who,
    });
    await writeAudit(tx, {
      type: 'change',
      instanceId: row.id,
      operator: who,
      operation: 'restart_changefeed',
      details: {
        instance_id: instanceId,
        before: { status: row.status, error: row.error },
        after: { status: 'restarting' },
        reason: reason ?? null,
      },
    });
    return { instance_id: instanceId };
  });
}
