import { asc, inArray } from 'drizzle-orm';
import { hasStorage, type SkuCondition, type SkuStorage, type SpuMapping } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { writeAudit } from '../platform/audit.js';
import { tenants } from '../features/orgs/index.js';
import { skuComputeMus, skuSkus, skuSpus, skuStorageMus, skuWhitelist } from '../features/skuservice/index.js';

/*
 * The SKU service's demo catalogue, fixed to the demo's calendar (created over October 2026): the providers' compute
 * MUs (AWS m6i / m7g / r6i / c6g, GCP n2 / t2a, Azure Dsv5 / Dpsv5 / Esv5) and storage MUs (GP3, IO2; PD_SSD,
 * PD_BALANCED; PREMIUMV2, PREMIUM), SPUs of every component in the usual sizes, their SKUs on each provider that has a
 * matching instance type (TiKV and TiDB also on ARM64 where the provider has it), a few whitelisted tenants and a
 * change log: each object's creation, later updates with before/after, whitelist additions.
 */

const ADMIN = 'admin@example.com';
type Provider = 'AWS' | 'GCP' | 'AZURE';
type Component = 'TIDB' | 'TIKV' | 'TIFLASH' | 'PD' | 'TIPROXY';

/** [provider, instance type, vCPU, GiB, arch] */
const COMPUTE: [Provider, string, number, number, 'AMD64' | 'ARM64'][] = [
  ['AWS', 'm6i.xlarge', 4, 16, 'AMD64'],
  ['AWS', 'm6i.2xlarge', 8, 32, 'AMD64'],
  ['AWS', 'm6i.4xlarge', 16, 64, 'AMD64'],
  ['AWS', 'm6i.8xlarge', 32, 128, 'AMD64'],
  ['AWS', 'm7g.xlarge', 4, 16, 'ARM64'],
  ['AWS', 'm7g.2xlarge', 8, 32, 'ARM64'],
  ['AWS', 'm7g.4xlarge', 16, 64, 'ARM64'],
  ['AWS', 'r6i.2xlarge', 8, 64, 'AMD64'],
  ['AWS', 'r6i.4xlarge', 16, 128, 'AMD64'],
  ['AWS', 'c6g.xlarge', 4, 8, 'ARM64'],
  ['AWS', 'c6g.2xlarge', 8, 16, 'ARM64'],
  ['GCP', 'n2-standard-4', 4, 16, 'AMD64'],
  ['GCP', 'n2-standard-8', 8, 32, 'AMD64'],
  ['GCP', 'n2-standard-16', 16, 64, 'AMD64'],
  ['GCP', 'n2-standard-32', 32, 128, 'AMD64'],
  ['GCP', 'n2-highmem-8', 8, 64, 'AMD64'],
  ['GCP', 'n2-highmem-16', 16, 128, 'AMD64'],
  ['GCP', 't2a-standard-4', 4, 16, 'ARM64'],
  ['GCP', 't2a-standard-8', 8, 32, 'ARM64'],
  ['AZURE', 'Standard_D4s_v5', 4, 16, 'AMD64'],
  ['AZURE', 'Standard_D8s_v5', 8, 32, 'AMD64'],
  ['AZURE', 'Standard_D16s_v5', 16, 64, 'AMD64'],
  ['AZURE', 'Standard_D32s_v5', 32, 128, 'AMD64'],
  ['AZURE', 'Standard_E8s_v5', 8, 64, 'AMD64'],
  ['AZURE', 'Standard_E16s_v5', 16, 128, 'AMD64'],
  ['AZURE', 'Standard_D4ps_v5', 4, 16, 'ARM64'],
  ['AZURE', 'Standard_D8ps_v5', 8, 32, 'ARM64'],
];
const STORAGE: [Provider, string][] = [
  ['AWS', 'GP3'],
  ['AWS', 'IO2'],
  ['GCP', 'PD_SSD'],
  ['GCP', 'PD_BALANCED'],
  ['AZURE', 'PREMIUMV2'],
  ['AZURE', 'PREMIUM'],
];
const PROVIDERS: Provider[] = ['AWS', 'GCP', 'AZURE'];
const muId = (p: string, name: string) => `${p.toLowerCase()}-${name.toLowerCase()}`;

/** [component, vCPU, GiB] of each SPU. */
const SPUS: [Component, number, number][] = [
  ['TIDB', 4, 16],
  ['TIDB', 8, 32],
  ['TIDB', 16, 64],
  ['TIDB', 32, 128],
  ['TIKV', 4, 16],
  ['TIKV', 8, 32],
  ['TIKV', 16, 64],
  ['TIKV', 32, 128],
  ['TIFLASH', 8, 64],
  ['TIFLASH', 16, 128],
  ['PD', 4, 16],
  ['PD', 8, 32],
  ['TIPROXY', 4, 8],
  ['TIPROXY', 8, 16],
];
const NODES: Record<Component, number> = { TIDB: 2, TIKV: 3, TIFLASH: 1, PD: 3, TIPROXY: 2 };
const LABEL: Record<Component, string> = {
  TIDB: 'TiDB',
  TIKV: 'TiKV',
  TIFLASH: 'TiFlash',
  PD: 'PD',
  TIPROXY: 'TiProxy',
};

/** Sizes (GiB) of a component's data disk: [default, min, max]. */
const SIZES: Partial<Record<Component, [number, number, number]>> = {
  TIKV: [500, 200, 6144],
  TIFLASH: [1000, 500, 8192],
  PD: [50, 20, 200],
};

/** A storage on the provider's first (general-purpose) or second (provisioned) volume type. */
function storage(p: Provider, c: Component, diskType: 'DATA' | 'RAFT_LOG', provisioned = false): SkuStorage {
  const volumeType = STORAGE.filter(([sp]) => sp === p)[provisioned ? 1 : 0]![1];
  const [def, min, max] = diskType === 'RAFT_LOG' ? [100, 50, 500] : SIZES[c]!;
  const base = {
    diskType,
    storageMuId: muId(p, volumeType),
    volumeType,
    sizeGiDefault: def,
    sizeGiMin: min,
    sizeGiMax: max,
  };
  if (p === 'GCP') {
    return {
      ...base,
      iopsMin: 3000,
      iopsMax: 100_000,
      iopsDynamic: { iopsPerSizeGi: 30 },
      throughputMibpsMin: 140,
      throughputMibpsMax: 1200,
      throughputDynamic: { throughputMibpsPerIops: 0, throughputMibpsPerSizeGi: 0.48 },
    };
  }
  if (provisioned) {
    return {
      ...base,
      iopsMin: 3000,
      iopsMax: 64_000,
      iopsDynamic: { iopsPerSizeGi: 50 },
      throughputMibpsMin: 125,
      throughputMibpsMax: 1000,
      throughputDynamic: { throughputMibpsPerIops: 0.256, throughputMibpsPerSizeGi: 0 },
    };
  }
  return {
    ...base,
    iopsMin: 3000,
    iopsMax: 16_000,
    iopsFixed: { iops: 3000 },
    throughputMibpsMin: 125,
    throughputMibpsMax: 1000,
    throughputFixed: { throughputMibps: 125 },
  };
}

const spuKey = (c: Component, cpu: number, mem: number) => `${c.toLowerCase()}-${cpu}c${mem}g`;
const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 9, day, hour, 0, 0));

export async function seedSkuService(tx: Db): Promise<void> {
  await tx.insert(skuComputeMus).values(
    COMPUTE.map(([cloudProvider, instanceType, cpuCore, memoryGi, cpuArch]) => ({
      id: muId(cloudProvider, instanceType),
      cloudProvider,
      instanceType,
      cpuCore,
      memoryGi,
      cpuArch,
    })),
  );
  await tx.insert(skuStorageMus).values(
    STORAGE.map(([cloudProvider, volumeType]) => ({
      id: muId(cloudProvider, volumeType),
      cloudProvider,
      volumeType,
    })),
  );

  let day = 1;
  for (const [component, cpu, mem] of SPUS) {
    const key = spuKey(component, cpu, mem);
    const createdAt = at(day, 9);
    const displayName = `${cpu} vCPU, ${mem} GiB`;
    const [spu] = await tx
      .insert(skuSpus)
      .values({
        key,
        name: key,
        displayName,
        componentType: component,
        cpuCore: cpu,
        memorySizeGi: mem,
        mappings: [],
        createdBy: ADMIN,
        createdAt,
      })
      .returning();
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: `spu:${key}`,
      operator: ADMIN,
      operation: 'create_spu',
      details: { before: null, after: { key, displayName, componentType: component, cpuCore: cpu, memorySizeGi: mem } },
      operateAt: createdAt,
    });

    const mappings: SpuMapping[] = [];
    for (const p of PROVIDERS) {
      const fits = COMPUTE.filter(([cp, , c, m]) => cp === p && c === cpu && m === mem);
      // The AMD64 instance type, and the ARM64 one too for TiDB and TiKV.
      const chosen = fits.filter(([, , , , arch]) => arch === 'AMD64' || component === 'TIDB' || component === 'TIKV');
      const any = chosen.length ? chosen : fits.slice(0, 1);
      for (const [, instanceType, , , arch] of any) {
        const skuKey = `${p.toLowerCase()}-${key}${arch === 'ARM64' && any.length > 1 ? '-arm' : ''}`;
        const big = cpu >= 16;
        const conditions: SkuCondition[] =
          cpu === 4 && component !== 'TIPROXY' && component !== 'PD'
            ? [{ key: 'ATTACH_TIERUNIT', operator: 'IN', values: ['starter', 'essential'] }]
            : big
              ? [{ key: 'ATTACH_TIERUNIT', operator: 'IN', values: ['dedicated', 'premium'] }]
              : [];
        const skuAt = at(day, 11);
        await tx.insert(skuSkus).values({
          key: skuKey,
          displayName: `${LABEL[component]} ${cpu}C${mem}G (${p} ${instanceType})`,
          spuId: spu!.id,
          cloudProvider: p,
          componentType: component,
          instanceMuId: muId(p, instanceType),
          defaultNodeCount: NODES[component],
          tikvSkuKey: component === 'PD' ? `${p.toLowerCase()}-${spuKey('TIKV', cpu * 2, mem * 2)}` : null,
          conditions,
          dataStorage: hasStorage(component) ? storage(p, component, 'DATA', component === 'TIKV' && cpu === 32) : null,
          raftlogStorage: component === 'TIKV' && big ? storage(p, component, 'RAFT_LOG') : null,
          createdBy: ADMIN,
          createdAt: skuAt,
        });
        await writeAudit(tx, {
          type: 'spu_sku',
          instanceId: `sku:${skuKey}`,
          operator: ADMIN,
          operation: 'create_sku',
          details: { before: null, after: { key: skuKey, spuKey: key, cloudProvider: p, instanceType } },
          operateAt: skuAt,
        });
        mappings.push({ skuKey, cloudProvider: p });
      }
    }
    await tx
      .update(skuSpus)
      .set({ mappings })
      .where(inArray(skuSpus.id, [spu!.id]));
    day += 1;
  }

  // Later changes, as the change log shows them: a node-count bump applied by an operation, a renamed SPU.
  await writeAudit(tx, {
    type: 'spu_sku',
    instanceId: 'sku:aws-tikv-8c32g',
    operator: ADMIN,
    operation: 'update_sku_applied',
    details: { before: { defaultNodeCount: 2 }, after: { defaultNodeCount: 3 } },
    operateAt: at(20, 14),
  });
  await writeAudit(tx, {
    type: 'spu_sku',
    instanceId: 'spu:tiflash-16c128g',
    operator: ADMIN,
    operation: 'update_spu_applied',
    details: { before: { displayName: '16 vCPU, 128 GB' }, after: { displayName: '16 vCPU, 128 GiB' } },
    operateAt: at(21, 10),
  });

  // The whitelist: the big SKUs and the TiFlash SPU are open to a few tenants only.
  const names = ['Kestrel Robotics', 'Quantaflow Labs', 'Northwind Traders', 'Greenleaf Grocers'];
  const orgs = await tx
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(inArray(tenants.name, names))
    .orderBy(asc(tenants.name));
  const id = (name: string) => orgs.find((o) => o.name === name)?.id;
  const lists: { scope: 'sku' | 'spu'; key: string; component: Component; tenants: string[]; day: number }[] = [
    {
      scope: 'sku',
      key: 'aws-tikv-32c128g',
      component: 'TIKV',
      tenants: ['Kestrel Robotics', 'Quantaflow Labs'],
      day: 24,
    },
    { scope: 'sku', key: 'gcp-tidb-32c128g', component: 'TIDB', tenants: ['Northwind Traders'], day: 25 },
    {
      scope: 'spu',
      key: 'tiflash-16c128g',
      component: 'TIFLASH',
      tenants: ['Greenleaf Grocers', 'Quantaflow Labs'],
      day: 26,
    },
  ];
  for (const l of lists) {
    const ids = l.tenants.map(id).filter((x): x is string => !!x);
    if (!ids.length) continue;
    const createdAt = at(l.day, 15);
    await tx.insert(skuWhitelist).values(
      ids.map((tenantId) => ({
        scope: l.scope,
        targetKey: l.key,
        componentType: l.component,
        tenantId,
        createdBy: ADMIN,
        createdAt,
      })),
    );
    await writeAudit(tx, {
      type: 'spu_sku',
      instanceId: `whitelist:${l.scope}:${l.key}`,
      operator: ADMIN,
      operation: 'add_whitelist',
      details: { component_type: l.component, before: null, after: { tenant_ids: ids } },
      operateAt: createdAt,
    });
  }
}
