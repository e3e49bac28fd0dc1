import { z } from 'zod';
import { route } from './api.js';
import { auditList } from './audits.js';
import { CLOUD_PROVIDERS } from './constants.js';
import { listQuery, listResult, repeated } from './list.js';
import { operationCreated } from './operations.js';
import {
  addWhitelistBody,
  computeMuSchema,
  createSkuBody,
  createSpuBody,
  SKU_COMPONENT_TYPES,
  SKU_KEY_MAX,
  skuSchema,
  spuSchema,
  storageMuSchema,
  updateSkuBody,
  updateSpuBody,
  whitelistEntrySchema,
  whitelistTargetFields,
} from './skuservice.js';

/** Spec §7 Devops "mgmt-portal" (the Devops prefix is /api/v1/devops). */
const P = '/api/v1/devops/mgmt-portal';

/** A catalogue row's id: digits in practice; anything else is a 404, not a 400. */
const idParams = z.object({ id: z.string().min(1).max(20) });
const keyFilter = z.string().trim().min(1).max(SKU_KEY_MAX).optional();

/** GET spus (spec §7: takes componentType). */
export const spuListQuery = listQuery(
  { componentType: z.enum(SKU_COMPONENT_TYPES).optional(), key: keyFilter },
  ['key', 'cpuCore', 'createdAt'],
  'key',
);
export type SpuListQuery = z.input<typeof spuListQuery>;

/** GET skus (spec §7: takes cloudProvider, componentTypes; §2 deep link ?spu_key=). */
export const skuListQuery = listQuery(
  {
    cloudProvider: z.enum(CLOUD_PROVIDERS).optional(),
    componentTypes: repeated(z.enum(SKU_COMPONENT_TYPES)),
    spuKey: keyFilter,
    key: keyFilter,
  },
  ['key', 'cpuCore', 'createdAt'],
  'key',
);
export type SkuListQuery = z.input<typeof skuListQuery>;

export const muQuery = z.object({ cloudProvider: z.enum(CLOUD_PROVIDERS) });

/** The whitelist of a SKU (`sku_key` + `component_type`) or an SPU (`spu_key`), or all of it; `tenant_id` narrows. */
export const whitelistListQuery = listQuery(
  { ...whitelistTargetFields, tenant_id: z.string().trim().min(1).max(64).optional() },
  ['created_at', 'tenant_id'],
  '-created_at',
);
export type WhitelistListQuery = z.input<typeof whitelistListQuery>;

/** The catalogue's change log: the audit rows of type spu_sku, newest first. */
export const skuChangelogQuery = listQuery(
  {
    /** An object: `spu:<key>`, `sku:<key>` or `whitelist:<sku|spu>:<key>`. */
    instance_id: z.string().trim().min(1).max(200).optional(),
    operator: z.string().trim().max(320).optional(),
  },
  ['operate_at'],
  '-operate_at',
);
export type SkuChangelogQuery = z.input<typeof skuChangelogQuery>;

/**
 * The SKU service (spec §7 Devops mgmt-portal; §2 /sku_service). Reads need `portal.read`; every change to the
 * catalogue (SPUs, SKUs, the whitelist) needs `admin.manage`: what is sold and to whom is the platform
 * administrator's, as the spec §1 puts it ("Administer the SKU and SPU catalogue … and the SPU whitelist strategy").
 * The two updates return the operation that applies them (`instance_id`).
 */
export const skuServiceApi = {
  spus: route({
    method: 'GET',
    path: `${P}/spus`,
    access: 'skus.read',
    query: spuListQuery,
    response: listResult(spuSchema),
  }),
  createSpu: route({
    method: 'POST',
    path: `${P}/spus`,
    access: 'skus.manage',
    status: 201,
    body: createSpuBody,
    response: z.object({ spu: spuSchema }),
  }),
  updateSpu: route({
    method: 'PATCH',
    path: `${P}/spus/:id`,
    access: 'skus.manage',
    params: idParams,
    body: updateSpuBody,
    response: operationCreated,
  }),
  skus: route({
    method: 'GET',
    path: `${P}/skus`,
    access: 'skus.read',
    query: skuListQuery,
    response: listResult(skuSchema),
  }),
  createSku: route({
    method: 'POST',
    path: `${P}/skus`,
    access: 'skus.manage',
    status: 201,
    body: createSkuBody,
    response: z.object({ sku: skuSchema }),
  }),
  updateSku: route({
    method: 'PATCH',
    path: `${P}/skus/:id`,
    access: 'skus.manage',
    params: idParams,
    body: updateSkuBody,
    response: operationCreated,
  }),
  computeMus: route({
    method: 'GET',
    path: `${P}/computeMus`,
    access: 'skus.read',
    query: muQuery,
    response: listResult(computeMuSchema),
  }),
  storageMus: route({
    method: 'GET',
    path: `${P}/storageMus`,
    access: 'skus.read',
    query: muQuery,
    response: listResult(storageMuSchema),
  }),
  whitelist: route({
    method: 'GET',
    path: `${P}/whitelist`,
    access: 'skus.read',
    query: whitelistListQuery,
    response: listResult(whitelistEntrySchema),
  }),
  addWhitelist: route({
    method: 'POST',
    path: `${P}/whitelist`,
    access: 'skus.manage',
    status: 201,
    body: addWhitelistBody,
    response: z.object({ items: z.array(whitelistEntrySchema) }),
  }),
  removeWhitelist: route({
    method: 'DELETE',
    path: `${P}/whitelist/:id`,
    access: 'skus.manage',
    params: idParams,
    response: z.object({ entry: whitelistEntrySchema }),
  }),
  changelog: route({
    method: 'GET',
    path: `${P}/changelog`,
    access: 'skus.read',
    query: skuChangelogQuery,
    response: auditList,
  }),
};
