import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CERTIFICATE_COMPONENTS, type CertificateComponent } from '@portal/contract';

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

const ALERT_SYNC_RANGE = 'must be a whole number of seconds from 10 to 3600';
/** The placeholders PD_URL_TEMPLATE may hold, filled in per cluster (features/clustermonitoring/storesource.ts). */
export const PD_URL_PLACEHOLDERS = ['cluster_id', 'tenant_id', 'region', 'provider'] as const;

/** What is wrong with a PD_URL_TEMPLATE, or undefined when nothing is. */
function pdTemplateProblem(template: string): string | undefined {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  const unknown = names.find((n) => !(PD_URL_PLACEHOLDERS as readonly string[]).includes(n));
  if (unknown !== undefined)
    return `has an unknown placeholder {${unknown}}: use {cluster_id}, {tenant_id}, {region} or {provider}`;
  if (!names.includes('cluster_id')) return 'must contain {cluster_id}, e.g. https://pd.{cluster_id}.example.com:2379';
  try {
    const url = new URL(template.replace(/\{[^{}]*\}/g, 'x1'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
  } catch {
    // reported below
  }
  return 'must be an http(s) URL once its placeholders are filled in';
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
    OIDC_DIRECTORY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    OIDC_DIRECTORY_TOKEN: z.string().min(1).optional(),
    BILLING_APPROVAL_THRESHOLD_CENTS: z.coerce.number().int().min(0).default(1_000_000),
    BILLING_METER_PERIOD_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.stripe.com'),
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
    ALERTMANAGER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    ALERTMANAGER_TOKEN: z.string().min(1).optional(),
    ALERTMANAGER_CLUSTER_LABEL: z
      .string()
      .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'must be a label name such as cluster_id')
      .default('cluster_id'),
    ALERTMANAGER_SYNC_SECONDS: z.coerce
      .number({ error: ALERT_SYNC_RANGE })
      .int(ALERT_SYNC_RANGE)
      .min(10, ALERT_SYNC_RANGE)
      .max(3600, ALERT_SYNC_RANGE)
      .default(60),
    PD_URL_TEMPLATE: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        const problem = v === undefined ? undefined : pdTemplateProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    PD_TOKEN: z.string().min(1).optional(),
    CERT_PROBE_TARGETS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parsed = parseCertProbeTargets(v);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    CERT_PROBE_INTERVAL_MINUTES: minutesSetting(1440, 60),
    O11Y_PROBE: z.enum(['embedded', 'http'], { error: 'must be embedded or http' }).optional(),
    O11Y_URL_TEMPLATE: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        const problem = v === undefined ? undefined : o11yTemplateProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    O11Y_PROBE_CHECKS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parsed = parseO11yProbeChecks(v ?? o11yDefaultChecks());
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    O11Y_PROBE_INTERVAL_MINUTES: minutesSetting(1440, 5),
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
   * OIDC_DIRECTORY_URL, OIDC_DIRECTORY_TOKEN: the external issuer's admin API (Keycloak-style `GET <url>/users`), the
   * directory the user sync (POST /api/v1/devops/users/sync) reads; undefined → the built-in issuer's accounts.
   */
  userDirectory: { url: string; token: string | undefined } | undefined;
  /**
   * BILLING_APPROVAL_THRESHOLD_CENTS: credits, and discounts by their estimated monthly value, worth more than this
   * many cents wait for an approval (features/billing; default 1 000 000 = $10,000.00).
   * BILLING_METER_PERIOD_MINUTES: how often the fleet's usage is metered into the running month (default 60).
   */
  billing: { approvalThresholdCents: number; meterPeriodMinutes: number };
  /**
   * STRIPE_SECRET_KEY (+ STRIPE_API_URL): the payment provider of card payments (billing accounts), Stripe's REST API;
   * undefined → the embedded provider (its customers, cards and invoices in the portal's database).
   */
  paymentProvider: { apiUrl: string; secretKey: string } | undefined;
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
  /**
   * ALERTMANAGER_URL…: the Alertmanager the cluster alerts are synced from every `syncSeconds`
   * (ALERTMANAGER_SYNC_SECONDS), an alert's cluster read from its label `clusterLabel` (ALERTMANAGER_CLUSTER_LABEL);
   * undefined → nothing syncs, the stored alerts (the demo's) stand (features/clustermonitoring/alertsync.ts).
   */
  alertmanager: { url: string; token: string | undefined; clusterLabel: string; syncSeconds: number } | undefined;
  /**
   * PD_URL_TEMPLATE, PD_TOKEN: each cluster's PD HTTP API, the template's placeholders filled in per cluster, where the
   * topology reads the stores live; undefined → the stores stored in `cluster_stores` (the demo's).
   */
  pd: { urlTemplate: string; token: string | undefined } | undefined;
  /**
   * The monitoring area's probes (features/monitoring/probes.ts), each run by a durable job every `intervalMinutes`.
   * Certificates: the TLS endpoints of CERT_PROBE_TARGETS (CERT_PROBE_INTERVAL_MINUTES); none → the embedded source,
   * which observes nothing (the stored inventory stands). O11y clusters: `http` (O11Y_PROBE=http, implied by
   * O11Y_URL_TEMPLATE) runs `checks` (O11Y_PROBE_CHECKS) against each cluster's `urlTemplate`, else its stored
   * endpoint (O11Y_PROBE_INTERVAL_MINUTES); `embedded` → the stored health stands.
   */
  certificateProbe: { targets: CertProbeTarget[]; intervalMinutes: number };
  o11yProbe: {
    kind: 'embedded' | 'http';
    urlTemplate: string | undefined;
    checks: O11yProbeCheck[];
    intervalMinutes: number;
  };
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
    userDirectory: e.OIDC_DIRECTORY_URL
      ? { url: e.OIDC_DIRECTORY_URL.replace(/\/$/, ''), token: e.OIDC_DIRECTORY_TOKEN }
      : undefined,
    billing: {
      approvalThresholdCents: e.BILLING_APPROVAL_THRESHOLD_CENTS,
      meterPeriodMinutes: e.BILLING_METER_PERIOD_MINUTES,
    },
    paymentProvider: e.STRIPE_SECRET_KEY
      ? { apiUrl: e.STRIPE_API_URL.replace(/\/$/, ''), secretKey: e.STRIPE_SECRET_KEY }
      : undefined,
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
    alertmanager: e.ALERTMANAGER_URL
      ? {
          url: e.ALERTMANAGER_URL.replace(/\/$/, ''),
          token: e.ALERTMANAGER_TOKEN,
          clusterLabel: e.ALERTMANAGER_CLUSTER_LABEL,
          syncSeconds: e.ALERTMANAGER_SYNC_SECONDS,
        }
      : undefined,
    pd: e.PD_URL_TEMPLATE ? { urlTemplate: e.PD_URL_TEMPLATE.replace(/\/$/, ''), token: e.PD_TOKEN } : undefined,
    certificateProbe: { targets: e.CERT_PROBE_TARGETS, intervalMinutes: e.CERT_PROBE_INTERVAL_MINUTES },
    o11yProbe: {
      kind: e.O11Y_PROBE ?? (e.O11Y_URL_TEMPLATE ? 'http' : 'embedded'),
      urlTemplate: e.O11Y_URL_TEMPLATE?.replace(/\/$/, ''),
      checks: e.O11Y_PROBE_CHECKS,
      intervalMinutes: e.O11Y_PROBE_INTERVAL_MINUTES,
    },
  };
}

// ---- the monitoring probes' settings (features/monitoring/probes.ts) --------------------------------------------

/** One TLS endpoint whose certificate the prober reads (CERT_PROBE_TARGETS), kept as (region, component, name). */
export interface CertProbeTarget {
  regionId: string;
  component: CertificateComponent;
  name: string;
  host: string;
  port: number;
}

/** One HTTP check of an o11y cluster (O11Y_PROBE_CHECKS): `path` is appended to the cluster's base URL. */
export interface O11yProbeCheck {
  name: string;
  path: string;
}

/** The placeholders O11Y_URL_TEMPLATE may hold, filled in per o11y cluster. */
export const O11Y_URL_PLACEHOLDERS = ['name', 'provider', 'region', 'region_id'] as const;

/** O11Y_PROBE_CHECKS' default: the metrics store's liveness (the first check: down when it fails), then the rest. */
export function o11yDefaultChecks(): string {
  return 'metrics=/-/healthy,ready=/-/ready,alertmanager=/alertmanager/-/healthy,grafana=/grafana/api/health';
}

/** A whole number of minutes from 1 to `max` (a function: the schema above is built before the constants here). */
function minutesSetting(max: number, fallback: number) {
  const problem = `must be a whole number of minutes from 1 to ${max}`;
  return z.coerce.number({ error: problem }).int(problem).min(1, problem).max(max, problem).default(fallback);
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * CERT_PROBE_TARGETS: comma-separated `region/COMPONENT[/name]=host:port` (an IPv6 address in brackets), e.g.
 * `aws.us-east-1/SQL_GATEWAY/sql-gateway-tls=gateway.us-east-1.example.com:443`; the name defaults to `host:port`.
 * Unset or empty: no targets. Returns what is wrong with the first bad entry instead when there is one.
 */
export function parseCertProbeTargets(value: string | undefined): CertProbeTarget[] | string {
  const targets: CertProbeTarget[] = [];
  const seen = new Set<string>();
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = (what: string) =>
      `entry "${entry}": ${what}; the format is region/COMPONENT[/name]=host:port, e.g. ` +
      'aws.us-east-1/SQL_GATEWAY/sql-gateway-tls=gateway.us-east-1.example.com:443';
    const eq = entry.indexOf('=');
    if (eq < 0) return problem('no "=host:port"');
    const [regionId = '', component = '', name, ...extra] = entry.slice(0, eq).trim().split('/');
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(regionId))
      return problem('the region must be a region id such as aws.us-east-1');
    if (!(CERTIFICATE_COMPONENTS as readonly string[]).includes(component))
      return problem(`the component must be one of ${CERTIFICATE_COMPONENTS.join(', ')}`);
    if (extra.length || (name !== undefined && !/^[\w.:-]{1,200}$/.test(name)))
      return problem('the name must be 1 to 200 letters, digits, ".", "_", ":" or "-"');
    const m = /^(?:\[([^\]]+)\]|([^\s:[\]]+)):(\d{1,5})$/.exec(entry.slice(eq + 1).trim());
    const host = m?.[1] ?? m?.[2] ?? '';
    const port = Number(m?.[3]);
    const hostOk = m?.[1] !== undefined ? net.isIPv6(host) : HOST_NAME.test(host);
    if (!m || !hostOk || port < 1 || port > 65535)
      return problem('the address must be host:port (an IPv6 address in brackets), the port from 1 to 65535');
    const target: CertProbeTarget = {
      regionId,
      component: component as CertificateComponent,
      name: name ?? (m[1] !== undefined ? `[${host}]:${port}` : `${host}:${port}`),
      host,
      port,
    };
    const key = `${target.regionId}/${target.component}/${target.name}`;
    if (seen.has(key)) return problem(`${key} is listed twice`);
    seen.add(key);
    targets.push(target);
  }
  return targets;
}

/** What is wrong with an O11Y_URL_TEMPLATE, or undefined when nothing is. */
function o11yTemplateProblem(template: string): string | undefined {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
  const unknown = names.find((n) => !(O11Y_URL_PLACEHOLDERS as readonly string[]).includes(n));
  if (unknown !== undefined)
    return `has an unknown placeholder {${unknown}}: use {name}, {provider}, {region} or {region_id}`;
  if (names.length === 0) return 'must contain {name} (or {region_id}…), e.g. https://{name}.o11y.example.com';
  try {
    const url = new URL(template.replace(/\{[^{}]*\}/g, 'x1'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
  } catch {
    // reported below
  }
  return 'must be an http(s) URL once its placeholders are filled in';
}

/**
 * O11Y_PROBE_CHECKS: comma-separated `name=/path` (at least one), each path appended to an o11y cluster's base URL.
 * The first is the metrics store's liveness: the cluster is down when it fails, degraded when only others do.
 */
export function parseO11yProbeChecks(value: string): O11yProbeCheck[] | string {
  const checks: O11yProbeCheck[] = [];
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [name = '', path = '', ...extra] = entry.split('=').map((s) => s.trim());
    if (extra.length || !/^[a-z][\w-]{0,39}$/i.test(name) || !/^\/[^\s?#]*(\?[^\s#]*)?$/.test(path))
      return `entry "${entry}": must be name=/path, e.g. metrics=/-/healthy`;
    if (checks.some((c) => c.name === name)) return `entry "${entry}": the check ${name} is listed twice`;
    checks.push({ name, path });
  }
  return checks.length ? checks : 'must list at least one check, e.g. metrics=/-/healthy';
}
