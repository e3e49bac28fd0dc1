import type { z } from 'zod';
import type {
  createProviderBody,
  createRegionBody,
  ListResult,
  Provider,
  ProviderDetail,
  Region,
  updateRegionBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { iso } from '../../platform/time.js';
import { clusterCountsByProvider } from '../orgs/index.js';
import * as repo from './repo.js';

/** A region's id: a provider slug and a region code never contain a dot, so `aws.us-east-1` is unambiguous. */
export function regionId(providerId: string, regionCode: string): string {
  return `${providerId}.${regionCode}`;
}

type CreateProvider = z.output<typeof createProviderBody>;
type CreateRegion = z.output<typeof createRegionBody>;
type UpdateRegion = z.output<typeof updateRegionBody>;

function regionOut(r: repo.RegionRow): Region {
  return {
    id: r.id,
    provider_id: r.providerId,
    region_code: r.regionCode,
    display_name: r.displayName,
    enabled: r.enabled,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

type ProviderListRow = Awaited<ReturnType<typeof repo.selectProviders>>[number];

function providerOut(p: ProviderListRow, clusterCounts: Map<string, number>): Provider {
  return {
    id: p.id,
    name: p.name,
    display_name: p.displayName,
    enabled: p.enabled,
    region_count: p.regionCount ?? 0,
    cluster_count: clusterCounts.get(p.name) ?? 0,
    created_at: iso(p.createdAt),
  };
}

/** Every provider (a handful) with region and cluster counts; cluster counts come from the counters. */
export async function listProviders(db: Db): Promise<ListResult<Provider>> {
  const [rows, counts] = await Promise.all([repo.selectProviders(db), clusterCountsByProvider(db)]);
  return { items: rows.map((p) => providerOut(p, counts)), total: rows.length };
}

export async function getProvider(db: Db, id: string): Promise<ProviderDetail> {
  const [[row], regions, counts] = await Promise.all([
    repo.selectProviders(db, id),
    repo.selectRegions(db, id),
    clusterCountsByProvider(db),
  ]);
  if (!row) throw new AppError('provider.notFound');
  return { ...providerOut(row, counts), regions: regions.map(regionOut) };
}

export async function listRegions(db: Db, providerId: string): Promise<ListResult<Region>> {
  const rows = await repo.selectRegions(db, providerId);
  if (rows.length === 0 && !(await repo.providerExists(db, providerId))) throw new AppError('provider.notFound');
  return { items: rows.map(regionOut), total: rows.length };
}

/** Creates a provider and its audit row in one transaction; a taken id or name is a 409. */
export async function createProvider(db: Db, operator: string, body: CreateProvider): Promise<Provider> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const created = await repo.insertProvider(tx, {
      id: body.id,
      name: body.name,
      displayName: body.display_name,
      enabled: body.enabled,
      createdAt: now,
      updatedAt: now,
    });
    if (!created)
      throw new AppError(
        'provider.exists',
        `A provider with the id ${body.id} or the name ${body.name} already exists`,
      );
    const counts = await clusterCountsByProvider(tx);
    const out = providerOut({ ...created, regionCount: 0 }, counts);
    await writeAudit(tx, {
      type: 'provider',
      instanceId: created.id,
      operator,
      operation: 'create_provider',
      details: { before: null, after: out },
    });
    return out;
  });
}

export async function createRegion(db: Db, operator: string, providerId: string, body: CreateRegion): Promise<Region> {
  return db.transaction(async (tx) => {
    if (!(await repo.providerExists(tx, providerId))) throw new AppError('provider.notFound');
    const now = new Date();
    const created = await repo.insertRegion(tx, {
      id: regionId(providerId, body.region_code),
      providerId,
      regionCode: body.region_code,
      displayName: body.display_name,
      enabled: body.enabled,
      createdAt: now,
      updatedAt: now,
    });
    if (!created)
      throw new AppError('region.exists', `The provider ${providerId} already has the region ${body.region_code}`);
    const out = regionOut(created);
    await writeAudit(tx, {
      type: 'provider',
      instanceId: providerId,
      operator,
      operation: 'create_region',
      details: { region_id: out.id, before: null, after: out },
    });
    return out;
  });
}

/** Updates a region's display name and/or enabled flag; `rid` is the region's id or its region code. */
export async function updateRegion(
  db: Db,
  operator: string,
  providerId: string,
  rid: string,
  body: UpdateRegion,
): Promise<Region> {
  return db.transaction(async (tx) => {
    const current = await repo.selectRegionForUpdate(tx, providerId, rid);
    if (!current) {
      if (!(await repo.providerExists(tx, providerId))) throw new AppError('provider.notFound');
      throw new AppError('region.notFound');
    }
    const before = regionOut(current);
    const updated = await repo.updateRegion(tx, current.id, {
      ...(body.display_name !== undefined ? { displayName: body.display_name } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      updatedAt: new Date(),
    });
    const after = regionOut(updated);
    await writeAudit(tx, {
      type: 'provider',
      instanceId: providerId,
      operator,
      operation: 'update_region',
      details: { region_id: current.id, before, after },
    });
    return after;
  });
}
