import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Which peers may speak for the client with X-Forwarded-For/-Proto/-Host: Fastify's `trustProxy`. */
export type TrustProxy = boolean | string[];

const TRUST_PROXY_FORMAT = 'must be false, true, or a comma-separated list of proxy addresses and CIDR ranges';
/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts in a list. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [addr, bits, ...rest] = entry.split('/');
  const family = net.isIP(addr ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(bits); // a netmask, e.g. 10.0.0.0/255.0.0.0
}

/**
 * TRUST_PROXY: unset, empty or `false` trusts no one (X-Forwarded-* are ignored and `req.ip` is the peer's address);
 * `true` trusts every peer (only when nothing but the proxy can reach the server); otherwise a comma-separated list of
 * the proxies' addresses and CIDR ranges. Undefined when the value is none of these. (No hop count: Fastify 5 trusts no
 * one for a number, since a count cannot tell a proxy from a client that connects directly.)
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  const list = v.split(',').map((s) => s.trim());
  return list.every(isAddressOrRange) ? list : undefined;
}

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a size such as 16MB or 1GB')
      .default('16MB'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    SEED: z.enum(['demo', 'none']).default('demo'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    WEB_DIST: z.string().optional(),
    BENCH_ROUTES: z.enum(['0', '1']).default('0'),
    REQUEST_LOG: z.enum(['errors', 'all']).default('errors'),
    SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
    GITOPS_REPO_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    GITOPS_TOKEN: z.string().min(1).optional(),
    GITOPS_VERSIONS_PATH: z
      .string()
      .regex(/^[^/\s][^\s]*$/, 'must be a path inside the repository, e.g. versions.json')
      .default('versions.json'),
    JUMPSERVER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    JUMPSERVER_TOKEN: z.string().min(1).optional(),
    CODEHOST_REPO: z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'must be owner/name')
      .optional(),
    CODEHOST_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://api.github.com'),
    CODEHOST_TOKEN: z.string().min(1).optional(),
    CODEHOST_DIR: z.string().min(1).optional(),
    CHAT_DELIVERY: z.enum(['outbox', 'webhook']).optional(),
    CHAT_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    CHAT_WEBHOOK_FORMAT: z.enum(['feishu', 'slack']).default('feishu'),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    SMTP_FROM: z.string().trim().min(3).max(254).default('Management Portal <portal@localhost>'),
    ISSUE_TRACKER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    ISSUE_TRACKER_USER: z.string().min(1).optional(),
    ISSUE_TRACKER_TOKEN: z.string().min(1).optional(),
    ISSUE_TRACKER_PROJECT: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{0,29}$/, 'must be a project key such as OPS')
      .default('OPS'),
    PROMETHEUS_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    PROMETHEUS_TOKEN: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (parsed === undefined) {
          ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
          return z.NEVER;
        }
        return parsed;
      }),
  })
  .refine((e) => !e.OIDC_ISSUER || e.OIDC_CLIENT_ID, {
    message: 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
    path: ['OIDC_CLIENT_ID'],
  });

export interface Config {
  port: number;
  host: string;
  /** The URL people reach the portal at; the built-in issuer lives at `${publicUrl}/oidc`. */
  publicUrl: string;
  /** PGlite: `sharedBuffers` is PostgreSQL's shared_buffers (PGLITE_SHARED_BUFFERS; platform/db.ts says why 16MB). */
  database: { kind: 'pglite'; dataDir: string | undefined; sharedBuffers?: string } | { kind: 'postgres'; url: string };
  /**
   * The built-in issuer is `${publicUrl}/oidc`; with PUBLIC_URL unset (`perOrigin`) it follows the origin each request
   * came to instead (`issuer` is then the default one's).
   */
  oidc:
    | { kind: 'builtin'; issuer: string; clientId: string; perOrigin: boolean }
    | { kind: 'external'; issuer: string; clientId: string };
  seed: 'demo' | 'none';
  logLevel: (typeof LOG_LEVELS)[number];
  /** Directory of the built SPA; absent → the API only. */
  webDist: string | undefined;
  /** Bench only (`BENCH_ROUTES=1`): also serve the benchmark's no-DB twins of the lists (`/api/v1/devops/ping…`). */
  benchRoutes: boolean;
  /**
   * Request lines: `errors` (default) logs only server errors and requests slower than `slowRequestMs`; `all` logs
   * every request at info (≈ 1 KB of JSON each: at load, the logging alone costs more than a light route).
   */
  requestLog: 'errors' | 'all';
  slowRequestMs: number;
  /** TRUST_PROXY: whose X-Forwarded-* headers count (client address, protocol, host); false by default. */
  trustProxy: TrustProxy;
  /**
   * GITOPS_REPO_URL…: the gitops repository's REST API (GitHub-compatible contents API), where Sync from Gitops reads
   * each branch's versions; undefined → the embedded catalogue (config center, decision 0012).
   */
  gitopsRepo: { url: string; token: string | undefined; versionsPath: string } | undefined;
  /** JUMPSERVER_URL, JUMPSERVER_TOKEN: the jump server's REST API (jump authorizations); undefined → embedded. */
  jumpServer: { url: string; token: string | undefined } | undefined;
  /**
   * The code host of release changes' pull requests (issue 12): CODEHOST_REPO set → its GitHub-compatible REST API
   * (CODEHOST_API_URL, CODEHOST_TOKEN); unset → the embedded one, a git repository under `dir` (CODEHOST_DIR, default
   * `$DATA_DIR/codehost`), written on first use.
   */
  codehost:
    | { kind: 'github'; apiUrl: string; repository: string; token: string | undefined }
    | { kind: 'embedded'; dir: string };
  /**
   * Chat notices (platform/chat.ts): `outbox` (default) keeps them in the portal's `chat_messages` table only;
   * `webhook` (CHAT_DELIVERY=webhook, implied by CHAT_WEBHOOK_URL) POSTs them to each chat's incoming-webhook URL, else
   * to `url`, in `format` (CHAT_WEBHOOK_FORMAT: feishu | slack).
   */
  chat: { delivery: 'outbox' | 'webhook'; url: string | undefined; format: 'feishu' | 'slack' };
  /**
   * Email of notification workflows (features/notifications/email.ts): SMTP_URL set → sent through that SMTP server
   * (`smtp://user:pass@host:587`, `smtps://…:465`) from `from` (SMTP_FROM); unset → kept in the `email_outbox` table.
   */
  email: { url: string | undefined; from: string };
  /**
   * ISSUE_TRACKER_URL…: a Jira-compatible tracker's REST API (issues of incidents and remediation tickets), basic auth
   * with `user` and `token` (Jira Cloud), a bearer `token` without a user (Data Center); undefined → the embedded one.
   */
  issueTracker: { url: string; project: string; user: string | undefined; token: string | undefined } | undefined;
  /**
   * PROMETHEUS_URL, PROMETHEUS_TOKEN: the Prometheus the platform metrics are read from (features/metrics, playground);
   * undefined → the embedded model of the fleet's telemetry.
   */
  prometheus: { url: string; token: string | undefined } | undefined;
}

export class ConfigError extends Error {}

/** Reads the process environment; throws ConfigError with a one-line reason when it is invalid. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`invalid configuration: ${issue.path.join('.') || 'env'}: ${issue.message}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR), sharedBuffers: e.PGLITE_SHARED_BUFFERS },
    oidc: e.OIDC_ISSUER
      ? { kind: 'external', issuer: e.OIDC_ISSUER.replace(/\/$/, ''), clientId: e.OIDC_CLIENT_ID! }
      : { kind: 'builtin', issuer: `${publicUrl}/oidc`, clientId: 'management-portal', perOrigin: !e.PUBLIC_URL },
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    benchRoutes: e.BENCH_ROUTES === '1',
    requestLog: e.REQUEST_LOG,
    slowRequestMs: e.SLOW_REQUEST_MS,
    trustProxy: e.TRUST_PROXY,
    gitopsRepo: e.GITOPS_REPO_URL
      ? { url: e.GITOPS_REPO_URL.replace(/\/$/, ''), token: e.GITOPS_TOKEN, versionsPath: e.GITOPS_VERSIONS_PATH }
      : undefined,
    jumpServer: e.JUMPSERVER_URL ? { url: e.JUMPSERVER_URL.replace(/\/$/, ''), token: e.JUMPSERVER_TOKEN } : undefined,
    codehost: e.CODEHOST_REPO
      ? {
          kind: 'github',
          apiUrl: e.CODEHOST_API_URL.replace(/\/$/, ''),
          repository: e.CODEHOST_REPO,
          token: e.CODEHOST_TOKEN,
        }
      : { kind: 'embedded', dir: path.resolve(e.CODEHOST_DIR ?? path.join(e.DATA_DIR, 'codehost')) },
    email: { url: e.SMTP_URL, from: e.SMTP_FROM },
    chat: {
      delivery: e.CHAT_DELIVERY ?? (e.CHAT_WEBHOOK_URL ? 'webhook' : 'outbox'),
      url: e.CHAT_WEBHOOK_URL,
      format: e.CHAT_WEBHOOK_FORMAT,
    },
    issueTracker: e.ISSUE_TRACKER_URL
      ? {
          url: e.ISSUE_TRACKER_URL.replace(/\/$/, ''),
          project: e.ISSUE_TRACKER_PROJECT,
          user: e.ISSUE_TRACKER_USER,
          token: e.ISSUE_TRACKER_TOKEN,
        }
      : undefined,
    prometheus: e.PROMETHEUS_URL ? { url: e.PROMETHEUS_URL.replace(/\/$/, ''), token: e.PROMETHEUS_TOKEN } : undefined,
  };
}
