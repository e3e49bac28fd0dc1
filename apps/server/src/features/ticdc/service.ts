import type { z } from 'zod';
import {
  TICDC_COMPONENT,
  type Changefeed,
  type changefeedListQuery,
  type InternalChangefeed,
  type ListResult,
  type TicdcCluster,
  type TicdcClusterDetail,
  type ticdcClusterListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';
import { getCluster } from '../orgs/index.js';
import * as repo from './repo.js';

export const MASK = '******';
const SECRET_PARAMS = /([?&](?:[\w-]*password|[\w-]*secret[\w-]*|access-key|account-key|sas-token|token)=)[^&#]*/gi;

/**
 * A sink URI fit to show: the password in its user info and every secret-bearing query parameter masked. Sink URIs
 * are often written with unescaped passwords, so the user info runs to the last `@` before the query.
 */
export function maskSinkUri(uri: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(uri)?.[0];
  let out = uri;
  if (scheme) {
    const rest = uri.slice(scheme.length);
    const queryAt = rest.search(/[?#]/);
    const at = rest.lastIndexOf('@', queryAt < 0 ? rest.length : queryAt);
    const colon = at > 0 ? rest.indexOf(':') : -1;
    if (colon >= 0 && colon < at) out = `${scheme}${rest.slice(0, colon + 1)}${MASK}${rest.slice(at)}`;
  }
  return out.replace(SECRET_PARAMS, `$1${MASK}`);
}

export const effectiveTag = (r: Pick<repo.TicdcRow, 'imageTag' | 'overwriteImageTag'>) =>
  r.overwriteImageTag ?? r.imageTag;

export function ticdcOut(r: repo.TicdcRow): TicdcCluster {
  return {
    id: r.id,
    name: r.name,
    cluster_id: r.clusterId,
    tenant_id: r.tenantId,
    status: r.status as TicdcCluster['status'],
    version: r.version,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    deploy_type: r.deployType as TicdcCluster['deploy_type'],
    specification: r.specification,
    region: r.region,
    provider: r.provider as TicdcCluster['provider'],
    control_plane_arch: r.controlPlaneArch as TicdcCluster['control_plane_arch'],
    operator_version: r.operatorVersion,
    components: [
      {
        name: TICDC_COMPONENT,
        base_image: r.baseImage,
        source_image_tag: r.imageTag,
        effective_image_tag: effectiveTag(r),
        overwrite_image_tag: r.overwriteImageTag,
      },
    ],
    changefeed_count: r.changefeedCount,
  };
}

export function changefeedOut(r: repo.ChangefeedRow): Changefeed {
  return {
    id: r.id,
    display_id: r.displayId,
    display_name: r.displayName,
    status: r.status as Changefeed['status'],
    downstream_type: r.downstreamType as Changefeed['downstream_type'],
    destination: r.destination,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    error: r.error,
    cluster_id: r.clusterId,
    tenant_id: r.tenantId,
    ticdc_cluster: {
      id: r.ticdcClusterId,
      name: r.ticdcName,
      status: r.ticdcStatus as Changefeed['ticdc_cluster']['status'],
    },
  };
}

/** The row, or 404. */
export async function requireTicdc(db: Db, id: string, forUpdate = false): Promise<repo.TicdcRow> {
  const row = await repo.selectTicdc(db, id, forUpdate);
  if (!row) throw new AppError('ticdc.notFound');
  return row;
}

export async function requireChangefeed(db: Db, id: string, forUpdate = false): Promise<repo.ChangefeedRow> {
  const row = await repo.selectChangefeed(db, id, forUpdate);
  if (!row) throw new AppError('changefeed.notFound');
  return row;
}

export async function getTicdcCluster(db: Db, id: string): Promise<TicdcClusterDetail> {
  const row = await requireTicdc(db, id);
  const upstream = await getCluster(db, row.clusterId);
  return {
    ...ticdcOut(row),
    upstream_cluster: { id: upstream.id, name: upstream.name, status: upstream.status, version: upstream.version },
  };
}

export async function getChangefeed(db: Db, id: string): Promise<Changefeed> {
  return changefeedOut(await requireChangefeed(db, id));
}

/** An empty list filtered by an unknown upstream cluster is a 404, not "no TiCDC". */
async function emptyBecauseUnknown(db: Db, total: number, clusterId: string | undefined): Promise<void> {
  if (total === 0 && clusterId) await getCluster(db, clusterId);
}

export async function listTicdcClusters(
  db: Db,
  q: z.output<typeof ticdcClusterListQuery>,
): Promise<ListResult<TicdcCluster>> {
  const filter = { ...q, cluster_id: q.cluster_id || undefined, tenant_id: q.tenant_id || undefined };
  const page = await listPage(repo.selectTicdcPage(db, filter), repo.countTicdc(db, filter));
  await emptyBecauseUnknown(db, page.total, filter.cluster_id);
  return { total: page.total, items: page.items.map(ticdcOut) };
}

export async function listChangefeeds(
  db: Db,
  q: z.output<typeof changefeedListQuery>,
): Promise<ListResult<Changefeed>> {
  const filter = { ...q, cluster_id: q.cluster_id || undefined, ticdc_cluster_id: q.ticdc_cluster_id || undefined };
  const page = await listPage(repo.selectChangefeedPage(db, filter), repo.countChangefeeds(db, filter));
  await emptyBecauseUnknown(db, page.total, filter.cluster_id);
  if (page.total === 0 && filter.ticdc_cluster_id) await requireTicdc(db, filter.ticdc_cluster_id);
  return { total: page.total, items: page.items.map(changefeedOut) };
}

// ---------------------------------------------------------------- the internal meta view

/** A small stable number from an id, so the modelled lag and owner capture don't flicker between reads. */
function stableHash(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const tso = (ms: number) => (BigInt(Math.floor(ms)) << 18n).toString();
const captureCount = (spec: string) => Math.max(1, Number(/^(\d+)\s*x/i.exec(spec)?.[1] ?? 1));

/**
 * The changefeeds of a TiCDC cluster as TiCDC's metadata holds them: checkpoint and resolved TSOs, owner capture,
 * structured error. A replicating changefeed trails now by a second or two; any other keeps its stored checkpoint.
 */
export async function internalChangefeeds(
  db: Db,
  ticdcId: string,
  now = Date.now(),
): Promise<ListResult<InternalChangefeed>> {
  const ticdc = await requireTicdc(db, ticdcId);
  const rows = await repo.selectChangefeedsOfTicdc(db, ticdcId);
  const captures = captureCount(ticdc.specification);
  const items = rows.map((r): InternalChangefeed => {
    const h = stableHash(r.id);
    const replicating = (r.status === 'normal' || r.status === 'warning') && ticdc.status === 'available';
    const checkpoint =
      r.status === 'normal' && replicating
        ? Math.max(r.checkpointAt.getTime(), now - 800 - (h % 2200))
        : r.checkpointAt.getTime();
    const resolved = replicating ? Math.max(checkpoint, now - 300 - (h % 400)) : checkpoint;
    const code = r.error ? (/\[(CDC:\w+)\]/.exec(r.error)?.[1] ?? 'CDC:ErrUnknown') : null;
    return {
      id: r.id,
      display_id: r.displayId,
      state: r.status as InternalChangefeed['state'],
      sink_uri: r.destination,
      checkpoint_ts: tso(checkpoint),
      checkpoint_time: iso(new Date(checkpoint)),
      resolved_ts: tso(resolved),
      lag_seconds: Math.max(0, Math.round((now - checkpoint) / 100) / 10),
      owner_capture: replicating ? `${ticdc.name}-ticdc-${h % captures}.${ticdc.name}-ticdc-peer:8301` : null,
      error: r.error && code ? { code, message: r.error } : null,
    };
  });
  return { items, total: items.length };
}
