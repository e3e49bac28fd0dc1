import { z } from 'zod';
import { route } from './api.js';

const slug = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes only, starting with a letter or digit');

export const regionSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  region_code: z.string(),
  display_name: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  enabled: z.boolean(),
  region_count: z.number().int(),
  cluster_count: z.number().int(),
  created_at: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerDetailSchema = providerSchema.extend({ regions: z.array(regionSchema) });
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

export const createProviderBody = z.object({
  id: slug,
  /** One of the platform's cloud provider enumerations, e.g. AWS. */
  name: z
    .string()
    .trim()
    .min(1, 'required')
    .max(32)
    .regex(/^[A-Z][A-Z0-9_]*$/, 'upper-case letters, digits and underscores'),
  display_name: z.string().trim().min(1, 'required').max(100),
  enabled: z.boolean().default(true),
});
export type CreateProviderBody = z.input<typeof createProviderBody>;

export const createRegionBody = z.object({
  region_code: z
    .string()
    .trim()
    .min(1, 'required')
    .max(64)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes only'),
  display_name: z.string().trim().min(1, 'required').max(100),
  enabled: z.boolean().default(true),
});
export type CreateRegionBody = z.input<typeof createRegionBody>;

export const updateRegionBody = z
  .object({
    display_name: z.string().trim().min(1, 'required').max(100).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => b.display_name !== undefined || b.enabled !== undefined, { message: 'nothing to update' });
export type UpdateRegionBody = z.input<typeof updateRegionBody>;

export const providerList = z.object({ items: z.array(providerSchema), total: z.number().int() });
export const regionList = z.object({ items: z.array(regionSchema), total: z.number().int() });

const id = z.string().trim().min(1).max(140);

/** Cloud providers and their regions (spec §2 /providers, §7 Admin). Reads for everyone, writes for admins. */
export const providersApi = {
  list: route({ method: 'GET', path: '/api/v1/admin/providers', access: 'providers.read', response: providerList }),
  create: route({
    method: 'POST',
    path: '/api/v1/admin/providers',
    access: 'providers.manage',
    status: 201,
    body: createProviderBody,
    response: providerSchema,
  }),
  detail: route({
    method: 'GET',
    path: '/api/v1/admin/providers/:id',
    access: 'providers.read',
    params: z.object({ id }),
    response: providerDetailSchema,
  }),
  regions: route({
    method: 'GET',
    path: '/api/v1/admin/providers/:id/regions',
    access: 'providers.read',
    params: z.object({ id }),
    response: regionList,
  }),
  createRegion: route({
    method: 'POST',
    path: '/api/v1/admin/providers/:id/regions',
    access: 'providers.manage',
    status: 201,
    params: z.object({ id }),
    body: createRegionBody,
    response: regionSchema,
  }),
  updateRegion: route({
    method: 'PUT',
    path: '/api/v1/admin/providers/:id/regions/:rid',
    access: 'providers.manage',
    params: z.object({ id, rid: id }),
    body: updateRegionBody,
    response: regionSchema,
  }),
};
