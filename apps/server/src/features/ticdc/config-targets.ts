import { TICDC_COMPONENT, TICDC_TRANSITIONAL_STATUSES, type TicdcStatus } from '@portal/contract';
import { AppError } from '../../platform/errors.js';
import type { ConfigTargetAdapter, ConfigTargetState } from '../configchange/index.js';
import * as repo from './repo.js';
import { effectiveTag } from './service.js';

/**
 * TiCDC clusters and changefeeds as targets of the generic configuration-change flow (config type `ticdc` with the
 * TICDC component image; config type `changefeed`, no image and no version of its own).
 */

function ticdcBlocked(status: string): string | null {
  if (status === 'available') return null;
  if ((TICDC_TRANSITIONAL_STATUSES as readonly string[]).includes(status))
    return `the TiCDC cluster is ${status.replace('_', ' ')}`;
  return `the TiCDC cluster is ${status}`;
}

export const ticdcTarget: ConfigTargetAdapter = {
  clusterType: 'TICDC',
  async load(db, id, opts) {
    const row = await repo.selectTicdc(db, id, opts?.forUpdate ?? false);
    if (!row) return undefined;
    return {
      id: row.id,
      clusterType: 'TICDC',
      tenantId: row.tenantId,
      status: row.status,
      blocked: ticdcBlocked(row.status),
      version: row.version,
      configTypes: ['ticdc'],
      components: [{ name: TICDC_COMPONENT, baseImage: row.baseImage, imageTag: effectiveTag(row) }],
    } satisfies ConfigTargetState;
  },
  async setVersion(tx, id, version) {
    const row = await repo.selectTicdc(tx, id, true);
    if (!row) throw new AppError('ticdc.notFound');
    // As the upgrade action: the version's own image, and an overwrite only if it is a build of that version.
    const keep = row.overwriteImageTag?.startsWith(`${version}-`) ? row.overwriteImageTag : null;
    await repo.updateTicdc(tx, id, { version, imageTag: version, overwriteImageTag: keep });
  },
  async setImageTag(tx, id, component, tag) {
    if (component !== TICDC_COMPONENT)
      throw new AppError('ticdc.unknownComponent', `The TiCDC cluster has no component ${component}`);
    const row = await repo.selectTicdc(tx, id, true);
    if (!row) throw new AppError('ticdc.notFound');
    await repo.updateTicdc(tx, id, { overwriteImageTag: tag === row.imageTag ? null : tag });
  },
};

/** A changefeed's configuration can change while it runs or is paused, on a running TiCDC cluster. */
function changefeedBlocked(row: repo.ChangefeedRow): string | null {
  if (row.ticdcStatus !== 'available')
    return `its TiCDC cluster ${row.ticdcName} is ${(row.ticdcStatus as TicdcStatus).replace('_', ' ')}`;
  if (row.status === 'restarting') return 'the changefeed is restarting';
  if (row.status === 'finished') return 'the changefeed has finished';
  return null;
}

export const changefeedTarget: ConfigTargetAdapter = {
  clusterType: 'CHANGEFEED',
  async load(db, id, opts) {
    const row = await repo.selectChangefeed(db, id, opts?.forUpdate ?? false);
    if (!row) return undefined;
    return {
      id: row.id,
      clusterType: 'CHANGEFEED',
      tenantId: row.tenantId,
      status: row.status,
      blocked: changefeedBlocked(row),
      // The TiCDC version it runs on: the parameter catalogue is per version.
      version: row.ticdcVersion,
      configTypes: ['changefeed'],
      components: [],
    } satisfies ConfigTargetState;
  },
  async setVersion() {
    throw new AppError('changefeed.notVersioned');
  },
  async setImageTag() {
    throw new AppError('changefeed.notVersioned');
  },
};
