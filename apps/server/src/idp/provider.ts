import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Database } from '../platform/db.js';
import { findPortalUser } from './accounts.js';
import { deriveCookieSecret, type SigningJwk } from './keys.js';
import { dbAdapterFactory, sweepExpired } from './adapter.js';
import { errorPage, logoutPage, MOUNT, signedOutPage } from './pages.js';
import { BAD_HOST, registerInteractionRoutes } from './interaction.js';
import { issuerAt, openItThereMessage, originOf, requestOrigin } from './origin.js';
import { HSTS } from '../platform/http.js';
import { loadOidcProvider } from './oidc-provider.js';

export interface BuiltinIssuerDeps {
  config: Config;
  database: Database;
  keys: SigningJwk[];
  log: FastifyBaseLogger;
}

/** The built-in issuer at one origin. */
export interface OriginIssuer {
  /** e.g. `http://127.0.0.1:8080`; the issuer identifier is `${origin}/oidc`. */
  origin: string;
  provider: Provider;
  /** Security headers of its responses (form-action allows its redirect targets). */
  headers: Record<string, string>;
  /** Where "back to the portal" links go. */
  portalUrl: string;
  callback: ReturnType<Provider['callback']>;
}

export interface BuiltinIssuer {
  /** The provider at the configured public URL (PUBLIC_URL, else the default `http://localhost:$PORT`). */
  provider(): Promise<Provider>;
  /**
   * The issuer serving a request (PUBLIC_URL's, else the one of the origin it came to), with the raw request pinned to
   * its origin for oidc-provider; undefined when the request's Host is unusable. The first call loads oidc-provider
   * (oidc-provider.ts).
   */
  issuerFor(req: FastifyRequest): Promise<OriginIssuer | undefined>;
  mount(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/** The Vite dev server, whose SPA signs in against a PUBLIC_URL issuer during development. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
const EIGHT_HOURS = 8 * 60 * 60;
const SWEEP_EVERY_MS = 15 * 60 * 1000;
/** Origins with a live Provider at once (PUBLIC_URL unset); the least recently used one goes first. */
const MAX_ORIGINS = 32;

/** The two checks oidc-provider applies to implicit web clients that a dev/demo issuer must relax (http, localhost). */
const RELAXED_CLIENT_CHECKS = new Set(['implicit-force-https', 'implicit-forbid-localhost']);

/** Security headers of every issuer response; the CSP allows no inline script or style. HSTS at an https origin. */
export function issuerHeaders(formTargets: string[], opts: { https?: boolean } = {}): Record<string, string> {
  const formAction = ["'self'", ...formTargets].join(' ');
  return {
    ...(opts.https ? { 'Strict-Transport-Security': HSTS } : {}),
    'Content-Security-Policy': [
      "default-src 'none'",
      // oidc-provider's own auto-submitting pages (form_post) add their script's sha256 to this directive.
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/**
 * Makes oidc-provider see a request at exactly `origin`: it runs with Koa's `proxy` on and builds its URLs and cookie
 * flags from X-Forwarded-*, so those are overwritten with what the server decided (the issuer's origin, Fastify's
 * client address) rather than whatever a client sent.
 */
function pinOrigin(req: FastifyRequest, origin: string): void {
  const { protocol, host } = new URL(origin);
  const ip = req.ip;
  req.raw.headers['x-forwarded-proto'] = protocol.slice(0, -1);
  req.raw.headers['x-forwarded-host'] = host;
  req.raw.headers['x-forwarded-for'] = ip;
}

/**
 * The built-in OpenID Connect issuer (oidc-provider 8), for local and demo use, mounted at /oidc.
 *
 * oidc-provider has one fixed issuer per Provider (it is written into every id token and all its URLs derive from it),
 * so serving several origins takes one Provider per origin. With PUBLIC_URL set there is exactly one, at PUBLIC_URL,
 * whatever Host a request carries (a browser elsewhere is told to go there). Without it, each origin the server is
 * reached at (Fastify's `protocol` + `host`: X-Forwarded-* only from a trusted proxy) gets its own Provider on first
 * use, kept in a small LRU. They all share the database adapter, signing keys and cookie keys, so they are
 * interchangeable and evicting one loses nothing. Each of those registers the one redirect URI
 * `${origin}/auth_redirect`: a sign-in only ever returns to the origin its authorize request came to.
 */
export function createBuiltinIssuer({ config, database, keys, log }: BuiltinIssuerDeps): BuiltinIssuer {
  const { clientId } = config.oidc;
  const perOrigin = config.oidc.kind === 'builtin' && config.oidc.perOrigin;
  const publicOrigin = originOf(config.publicUrl)!;

  function build(origin: string, ProviderClass: typeof Provider): OriginIssuer {
    // PUBLIC_URL keeps its path, if any, and the Vite dev server's redirect (a dev SPA against this issuer).
    const base = perOrigin ? origin : config.publicUrl;
    const portalUrl = `${base}/`;
    const extra = perOrigin ? [] : [VITE_DEV_ORIGIN];
    const redirectUris = [...new Set([`${base}/auth_redirect`, ...extra.map((o) => `${o}/auth_redirect`)])];
    const postLogoutRedirectUris = [...new Set([portalUrl, ...extra.map((o) => `${o}/`)])];
    // Form posts end in redirects to the client; browsers apply form-action to those redirects too.
    const formTargets = [...new Set([...redirectUris, ...postLogoutRedirectUris].map((u) => new URL(u).origin))];
    // An https issuer (PUBLIC_URL, or the origin a trusted proxy says it serves) keeps its cookies to https. pinOrigin
    // gives oidc-provider the same protocol (X-Forwarded-Proto), so it never sees a Secure cookie on a plain request.
    const https = new URL(base).protocol === 'https:';
    const headers = issuerHeaders(formTargets, { https });
    const misdirected = perOrigin
      ? `Sign-in at ${origin} can only return to ${origin}. If the portal is behind a reverse proxy, set PUBLIC_URL ` +
        'to the address people open.'
      : openItThereMessage(config.publicUrl);

    const configuration: Configuration = {
      adapter: dbAdapterFactory(database.db),
      clients: [
        {
          client_id: clientId,
          client_name: 'Management Portal',
          application_type: 'web',
          grant_types: ['implicit'],
          response_types: ['id_token token'],
          token_endpoint_auth_method: 'none',
          redirect_uris: redirectUris,
          post_logout_redirect_uris: postLogoutRedirectUris,
        },
      ],
      jwks: { keys },
      cookies: {
        keys: [deriveCookieSecret(keys[0]!)],
        long: { httpOnly: true, sameSite: 'lax', secure: https },
        short: { httpOnly: true, sameSite: 'lax', secure: https },
      },
      responseTypes: ['id_token token'],
      scopes: ['openid', 'email'],
      claims: { openid: ['sub'], email: ['email', 'email_verified', 'name'] },
      // The SPA sends the id token as its bearer, so the id token must carry the email even alongside an access token.
      conformIdTokenClaims: false,
      features: {
        devInteractions: { enabled: false },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource(ctx, form) {
            ctx.type = 'html';
            ctx.body = logoutPage(form);
          },
          postLogoutSuccessSource(ctx) {
            ctx.type = 'html';
            ctx.body = signedOutPage(portalUrl);
          },
        },
      },
      ttl: {
        AccessToken: EIGHT_HOURS,
        IdToken: EIGHT_HOURS,
        Session: EIGHT_HOURS,
        Grant: EIGHT_HOURS,
        Interaction: 60 * 60,
      },
      interactions: { url: (_ctx, interaction) => `${MOUNT}/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const user = await findPortalUser(database.db, sub);
        if (!user) return undefined;
        return {
          accountId: user.email,
          claims: () => ({ sub: user.email, email: user.email, email_verified: true, name: user.name }),
        };
      },
      // A first-party client: consent is implied, the user never sees a consent screen.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const client = ctx.oidc.client;
        const accountId = ctx.oidc.session?.accountId;
        if (!client || !accountId) return undefined;
        const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(client.clientId);
        if (grantId) {
          const existing = await ctx.oidc.provider.Grant.find(grantId);
          if (existing && existing.accountId === accountId) return existing;
        }
        if (client.clientId !== clientId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
        grant.addOIDCScope('openid email');
        await grant.save();
        return grant;
      },
      renderError(ctx, out) {
        ctx.type = 'html';
        const message = out.error_description ? `${out.error}: ${out.error_description}` : String(out.error);
        // A redirect_uri of another origin: say where sign-in works, with oidc-provider's reason under it.
        ctx.body =
          out.error === 'invalid_redirect_uri'
            ? errorPage(misdirected, portalUrl, message)
            : errorPage(message, portalUrl);
      },
    };

    const provider = new ProviderClass(perOrigin ? issuerAt(origin) : config.oidc.issuer, configuration);
    provider.proxy = true;

    // http:// and localhost redirect URIs are refused for implicit web clients; this dev/demo issuer allows exactly
    // those two (by their stable check codes) and keeps every other client metadata check.
    const schema = (
      provider.Client as unknown as { Schema: { prototype: { invalidate(message: string, code?: string): void } } }
    ).Schema;
    const invalidate = schema.prototype.invalidate;
    schema.prototype.invalidate = function relaxedInvalidate(message: string, code?: string) {
      if (code && RELAXED_CLIENT_CHECKS.has(code)) return;
      invalidate.call(this, message, code);
    };

    provider.on('server_error', (_ctx: unknown, err: Error) => log.error({ err }, 'oidc-provider server error'));
    // Koa prints uncaught errors to stderr unless someone listens; route them to our log instead. oidc-provider 8 keeps
    // its Koa application apart from the Provider (`provider.app`), which is where Koa emits them.
    provider.app.on('error', (err: Error) => log.error({ err }, 'oidc-provider error'));
    provider.on('authorization.error', (_ctx: unknown, err: Error) =>
      log.info({ reason: err.message, issuer: provider.issuer }, 'authorization request refused'),
    );
    provider.on('end_session.error', (_ctx: unknown, err: Error) =>
      log.info({ reason: err.message, issuer: provider.issuer }, 'end-session request refused'),
    );

    return { origin, provider, headers, portalUrl, callback: provider.callback() };
  }

  const byOrigin = new Map<string, OriginIssuer>();
  /** The issuer of an origin from the LRU, built on first use. */
  async function at(origin: string): Promise<OriginIssuer> {
    let issuer = byOrigin.get(origin);
    if (issuer) byOrigin.delete(origin);
    else issuer = build(origin, (await loadOidcProvider()).default);
    byOrigin.set(origin, issuer);
    if (byOrigin.size > MAX_ORIGINS) byOrigin.delete(byOrigin.keys().next().value!);
    return issuer;
  }
  let main: Promise<OriginIssuer> | undefined;

  async function issuerFor(req: FastifyRequest): Promise<OriginIssuer | undefined> {
    const origin = perOrigin ? requestOrigin(req) : publicOrigin;
    if (!origin) return undefined;
    const issuer = await (perOrigin ? at(origin) : (main ??= at(publicOrigin)));
    pinOrigin(req, issuer.origin);
    return issuer;
  }

  const sweep = () =>
    sweepExpired(database.db).catch((err: unknown) => log.warn({ err }, 'could not sweep expired oidc payloads'));
  void sweep();
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();

  async function mount(app: FastifyInstance): Promise<void> {
    // Everything under /oidc except our own pages goes to oidc-provider, body unread: it parses what it needs.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
      const handler = async (req: FastifyRequest, reply: FastifyReply) => {
        const issuer = await issuerFor(req);
        if (!issuer) {
          return reply
            .status(400)
            .headers(issuerHeaders([]))
            .type('text/html; charset=utf-8')
            .send(errorPage(BAD_HOST, '/'));
        }
        reply.hijack();
        const raw = req.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? MOUNT;
        // Express-style mounting: the provider sees the path below /oidc, and derives its mount path from originalUrl.
        const rest = url.slice(MOUNT.length);
        raw.originalUrl = url;
        raw.url = rest.startsWith('/') ? rest : `/${rest}`;
        for (const [k, v] of Object.entries(issuer.headers)) reply.raw.setHeader(k, v);
        reply.raw.setHeader('X-Request-Id', req.id);
        await issuer.callback(raw, reply.raw);
      };
      const opts = { schema: { hide: true }, config: { access: 'public' as const } };
      scope.all(MOUNT, opts, handler);
      scope.all(`${MOUNT}/*`, opts, handler);
    });
    await app.register(async (scope) =>
      registerInteractionRoutes(scope, { issuerFor, headers: issuerHeaders([]), database, log }),
    );
  }

  return {
    provider: async () => (await (main ??= at(publicOrigin))).provider,
    issuerFor,
    mount,
    close: async () => clearInterval(timer),
  };
}
