import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { default as Provider } from 'oidc-provider';
import type { OriginIssuer } from './provider.js';
import type { Database } from '../platform/db.js';
import { verifyPassword } from './password.js';
import { SignInLimiter } from './rate-limit.js';
import { AppError } from '../platform/errors.js';
import { isUnsafeText } from '../platform/request-hygiene.js';
import { errorPage, MOUNT, SIGN_IN_ERRORS, signInPage, STYLESHEET, STYLESHEET_PATH } from './pages.js';
import { findPortalUser } from './accounts.js';
import { loadOidcProvider } from './oidc-provider.js';

export interface InteractionDeps {
  /** The issuer serving a request (see BuiltinIssuer.issuerFor); undefined when its Host is unusable. */
  issuerFor(req: FastifyRequest): Promise<OriginIssuer | undefined>;
  /** Headers of the responses that belong to no one origin (the stylesheet, a bad Host). */
  headers: Record<string, string>;
  database: Database;
  log: FastifyBaseLogger;
  /** Failed attempts allowed per account and per client address (default: SignInLimiter's). */
  limiter?: SignInLimiter;
}

const EXPIRED = 'This sign-in request has expired or was already used. Go back to the portal and sign in again.';
export const BAD_HOST = 'The request has no usable Host header.';
const MAX_FORM_BYTES = 16 * 1024;

/** Our own sign-in page for oidc-provider's interactions: /oidc/interaction/:uid and its form post. */
export function registerInteractionRoutes(scope: FastifyInstance, deps: InteractionDeps): void {
  const { issuerFor, headers, database, log } = deps;
  const limiter = deps.limiter ?? new SignInLimiter();

  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const html = (reply: FastifyReply, status: number, body: string, own = headers) =>
    reply.status(status).headers(own).type('text/html; charset=utf-8').send(body);
  const loginAction = (uid: string) => `${MOUNT}/interaction/${encodeURIComponent(uid)}/login`;

  // A request the platform refuses before these routes run (request-hygiene.ts: a NUL in the form, say) is answered as
  // a page, as everything here is: the sign-in form again with the reason, or an error page. Anything else goes on to
  // the app's JSON error handler.
  scope.setErrorHandler(async (err, req, reply) => {
    if (!(err instanceof AppError) || err.code !== 'request.invalid') throw err;
    const issuer = await issuerFor(req);
    if (!issuer) return html(reply, 400, errorPage(BAD_HOST, '/'));
    const { uid } = req.params as { uid?: string };
    if (req.method === 'POST' && uid !== undefined && !isUnsafeText(uid)) {
      const page = signInPage({ action: loginAction(uid), error: SIGN_IN_ERRORS.unsafeText });
      return html(reply, 400, page, issuer.headers);
    }
    return html(reply, 400, errorPage(err.message, issuer.portalUrl), issuer.headers);
  });

  /** Hands the raw response to oidc-provider (it writes the redirect itself). */
  const finish = async (
    req: FastifyRequest,
    reply: FastifyReply,
    issuer: OriginIssuer,
    result: Parameters<Provider['interactionFinished']>[2],
  ) => {
    reply.hijack();
    for (const [k, v] of Object.entries(issuer.headers)) reply.raw.setHeader(k, v);
    reply.raw.setHeader('X-Request-Id', req.id);
    await issuer.provider.interactionFinished(req.raw, reply.raw, result);
  };

  const loadInteraction = async (
    req: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
    issuer: OriginIssuer,
  ) => {
    try {
      const interaction = await issuer.provider.interactionDetails(req.raw, reply.raw);
      return interaction.uid === req.params.uid ? interaction : undefined;
    } catch (err) {
      // A missing or expired interaction is the user's problem (old tab, back button); anything else is ours.
      if (!(err instanceof (await loadOidcProvider()).errors.SessionNotFound)) throw err;
      req.log.info({ reason: err.message }, 'sign-in interaction not found');
      return undefined;
    }
  };

  const opts = { schema: { hide: true }, config: { access: 'public' as const } };

  scope.get(STYLESHEET_PATH, opts, (_req, reply) =>
    reply
      .headers(headers)
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(STYLESHEET),
  );

  scope.get<{ Params: { uid: string } }>(`${MOUNT}/interaction/:uid`, opts, async (req, reply) => {
    const issuer = await issuerFor(req);
    if (!issuer) return html(reply, 400, errorPage(BAD_HOST, '/'));
    const interaction = await loadInteraction(req, reply, issuer);
    if (!interaction) return html(reply, 400, errorPage(EXPIRED, issuer.portalUrl), issuer.headers);
    const action = loginAction(interaction.uid);
    if (interaction.prompt.name === 'login') return html(reply, 200, signInPage({ action }), issuer.headers);
    // Any other prompt (consent) for our first-party client is granted without asking.
    return finish(req, reply, issuer, await autoConsent(issuer.provider, interaction));
  });

  scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
    `${MOUNT}/interaction/:uid/login`,
    opts,
    async (req, reply) => {
      const issuer = await issuerFor(req);
      if (!issuer) return html(reply, 400, errorPage(BAD_HOST, '/'));
      const page = (status: number, body: string) => html(reply, status, body, issuer.headers);
      const interaction = await loadInteraction(req, reply, issuer);
      if (!interaction) return page(400, errorPage(EXPIRED, issuer.portalUrl));
      const action = loginAction(interaction.uid);
      const form = req.body && typeof req.body === 'object' ? req.body : {};
      const email = String(form.email ?? '')
        .trim()
        .slice(0, 320);
      const password = String(form.password ?? '').slice(0, 1024);
      if (interaction.prompt.name !== 'login') {
        return finish(req, reply, issuer, await autoConsent(issuer.provider, interaction));
      }

      // Checked before the password: while the account or the address is locked out, even the right one waits.
      if (limiter.isBlocked(email, req.ip)) {
        log.warn({ email, ip: req.ip }, 'sign-in rate limited');
        reply.header('Retry-After', String(limiter.retryAfterSeconds));
        return page(429, signInPage({ action, email, error: SIGN_IN_ERRORS.rateLimited }));
      }
      const user = email && password ? await findPortalUser(database.db, email) : undefined;
      const ok = await verifyPassword(password, user?.passwordHash);
      if (!user || !ok) {
        limiter.fail(email, req.ip);
        log.info({ email, ip: req.ip }, 'sign-in failed');
        return page(401, signInPage({ action, email, error: SIGN_IN_ERRORS.invalid }));
      }
      limiter.succeeded(email);
      log.info({ email: user.email }, 'signed in');
      return finish(req, reply, issuer, { login: { accountId: user.email } });
    },
  );
}

/** Grants what a consent prompt asks for (first-party client), and returns the interaction result. */
async function autoConsent(provider: Provider, interaction: Awaited<ReturnType<Provider['interactionDetails']>>) {
  const { prompt, params, session, grantId } = interaction;
  const accountId = session?.accountId;
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId, clientId: String(params.client_id) });
  if (!grant) return { error: 'access_denied', error_description: 'grant not found' };
  const d = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (d.missingOIDCScope?.length) grant.addOIDCScope(d.missingOIDCScope.join(' '));
  if (d.missingOIDCClaims?.length) grant.addOIDCClaims(d.missingOIDCClaims);
  return { consent: { grantId: await grant.save() } };
}
