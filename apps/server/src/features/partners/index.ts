import { LOGO_CONTENT_TYPE, LOGO_MAX_BYTES, partnersApi as api } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { paymentProviderFor } from '../billingaccounts/index.js';
import { emailSenderFor } from '../notifications/index.js';
import * as service from './service.js';

export { hashKey, verifyApiKey } from './service.js';
export { partnerApiKeys, partnerCustomers, partnerLogos, partners } from './schema.js';

/** What a served logo may do: nothing but draw (no script, no fetch, no navigation), even opened on its own. */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * Partners (issue 16; spec §2 /msp, /cppo, /mcpo, /reseller, §7 Admin → Partner): MSPs, AWS CPPO and GCP MCPO
 * resellers and plain resellers (orgs tagged with their type), the customers linked to them (a CPPO / MCPO customer
 * with its billing config), MSP API keys (hashed, rotated by "resend", mailed through notifications' sender) and MSP
 * logos (SVG, sanitised on upload, served with a sandboxing CSP).
 */
export const partnersFeature = defineFeature({
  name: 'partners',
  routes: (r, ctx) => {
    const deps: service.PartnerDeps = {
      db: ctx.db,
      publicUrl: ctx.config.publicUrl,
      email: emailSenderFor(ctx.config),
      payments: { db: ctx.db, provider: paymentProviderFor(ctx.config) },
    };
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email.toLowerCase();

    // The logo upload's body is the SVG itself.
    r.app.addContentTypeParser(
      LOGO_CONTENT_TYPE,
      { parseAs: 'string', bodyLimit: LOGO_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    // The platform's CSP is for the SPA; a logo gets its own, stricter one (this hook runs after the platform's).
    r.app.addHook('onSend', async (req, reply, payload) => {
      if (req.routeOptions.url === api.logo.path && reply.statusCode === 200) {
        reply.header('Content-Security-Policy', LOGO_CSP);
        reply.header('X-Content-Type-Options', 'nosniff');
      }
      return payload;
    });

    r.add(api.createCppo, async (req) => ({ partner: await service.createReseller(deps, 'cppo', who(req), req.body) }));
    r.add(api.createMcpo, async (req) => ({ partner: await service.createReseller(deps, 'mcpo', who(req), req.body) }));
    r.add(api.createReseller, async (req) => ({
      partner: await service.createReseller(deps, 'reseller', who(req), req.body),
    }));
    r.add(api.createMsp, async (req) => ({ msp: await service.createMsp(deps, who(req), req.body) }));
    r.add(api.updateMsp, async (req) => ({ msp: await service.updateMsp(deps, who(req), req.body) }));
    r.add(api.msp, async (req) => ({ msp: await service.getMsp(deps, req.params.id) }));
    r.add(api.mspSignupUrl, (req) => service.partnerSignupUrl(deps, req.params.id, true));
    r.add(api.resaleSignupUrl, (req) => service.partnerSignupUrl(deps, req.params.id, false));
    r.add(api.partner, async (req) => ({ partner: await service.getPartner(deps, req.params.id) }));
    r.add(api.customers, (req) => service.listCustomers(ctx.db, req.params.id, req.query));
    r.add(api.createPartnerCustomer, async (req) => ({
      customer: await service.createCustomer(deps, who(req), req.body),
    }));
    r.add(api.partnerCustomer, async (req) => ({ customer: await service.getCustomer(ctx.db, req.params.id) }));
    r.add(api.deletePartnerCustomer, async (req) => ({
      customer: await service.deleteCustomer(deps, req.query.id, who(req)),
    }));
    r.add(api.createApiKey, (req) => service.createApiKey(deps, req.params.orgId, who(req)));
    r.add(api.resendApiKey, (req) => service.resendApiKey(deps, req.params.orgId, who(req)));
    r.add(api.revokeApiKey, (req) => service.revokeApiKey(deps, req.params.orgId, req.params.keyId, who(req)));
    r.add(api.uploadLogo, (req) => service.uploadLogo(ctx.db, who(req), req.query.logo_name, req.body));
    r.add(api.logo, async (req, reply) => {
      const svg = await service.getLogo(ctx.db, req.params.logoId);
      reply
        .type(`${LOGO_CONTENT_TYPE}; charset=utf-8`)
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Disposition', 'inline; filename="logo.svg"');
      // Bytes, not JSON: Fastify sends a Buffer as it is (the descriptor's string schema documents the body).
      return Buffer.from(svg) as unknown as string;
    });
  },
});
