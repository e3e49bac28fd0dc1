import { z } from 'zod';
import {
  createProviderBody,
  createRegionBody,
  providerDetailSchema,
  providerList,
  providerRoutes,
  providerSchema,
  regionList,
  regionSchema,
  updateRegionBody,
} from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import * as service from './service.js';

const id = z.string().trim().min(1).max(140);
const idParams = z.object({ id });
const regionParams = z.object({ id, rid: id });

/** Cloud providers and their regions (spec §2 /providers, §7 Admin). Reads for everyone, writes for admins. */
export const registerProviderRoutes: FeatureRoutes = (app, { database }) => {
  const { db } = database;
  const read = { access: 'portal.read' } as const;
  const manage = { access: 'admin.manage' } as const;

  app.get(providerRoutes.list, { schema: { response: { 200: providerList }, tags: ['providers'] }, config: read }, () =>
    service.listProviders(db),
  );
  app.post(
    providerRoutes.list,
    { schema: { body: createProviderBody, response: { 201: providerSchema }, tags: ['providers'] }, config: manage },
    async (req, reply) => reply.status(201).send(await service.createProvider(db, principalOf(req).email, req.body)),
  );
  app.get(
    providerRoutes.detail,
    { schema: { params: idParams, response: { 200: providerDetailSchema }, tags: ['providers'] }, config: read },
    (req) => service.getProvider(db, req.params.id),
  );
  app.get(
    providerRoutes.regions,
    { schema: { params: idParams, response: { 200: regionList }, tags: ['providers'] }, config: read },
    (req) => service.listRegions(db, req.params.id),
  );
  app.post(
    providerRoutes.regions,
    {
      schema: { params: idParams, body: createRegionBody, response: { 201: regionSchema }, tags: ['providers'] },
      config: manage,
    },
    async (req, reply) =>
      reply.status(201).send(await service.createRegion(db, principalOf(req).email, req.params.id, req.body)),
  );
  app.put(
    providerRoutes.region,
    {
      schema: { params: regionParams, body: updateRegionBody, response: { 200: regionSchema }, tags: ['providers'] },
      config: manage,
    },
    (req) => service.updateRegion(db, principalOf(req).email, req.params.id, req.params.rid, req.body),
  );
};
