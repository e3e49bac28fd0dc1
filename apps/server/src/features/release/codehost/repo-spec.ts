/*
 * The embedded code host's git repository, as data: the commits of `main`, the branches the demo's pull requests come
 * from and the release tags. Written deterministically (fixed authors and times), so every data directory holds the
 * same commits with the same ids. `SPEC_VERSION` changes whenever this file does: a repository written from another
 * version is re-created.
 */

export const EMBEDDED_REPOSITORY = 'acme/cloud-platform';
export const SPEC_VERSION = 'cloud-platform-1';

export interface SpecCommit {
  message: string;
  author: { name: string; email: string };
  /** Seconds since the epoch (UTC). */
  time: number;
  /** Files it writes (full content) or deletes (null); everything else is as in its parent. */
  files: Record<string, string | null>;
}

export interface SpecBranch {
  name: string;
  /** Index into MAIN_COMMITS of the commit it branches from. */
  from: number;
  commits: SpecCommit[];
}

const t = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const DANA = { name: 'Dana Whitfield', email: 'dana@acme.example' };
const RAVI = { name: 'Ravi Menon', email: 'ravi@acme.example' };
const LENA = { name: 'Lena Sato', email: 'lena@acme.example' };
const OMAR = { name: 'Omar Haddad', email: 'omar@acme.example' };

const ROLLOUT_V1 = `package operator

import (
	"context"
	"time"
)

// RollingRestart restarts the pods of a component one at a time, waiting for each to be ready.
func RollingRestart(ctx context.Context, c *Cluster, component string) error {
	for _, pod := range c.Pods(component) {
		if err := c.Restart(ctx, pod); err != nil {
			return err
		}
		if err := c.WaitReady(ctx, pod, 10*time.Minute); err != nil {
			return err
		}
	}
	return nil
}
`;

const ROLLOUT_V2 = `package operator

import (
	"context"
	"time"
)

const maxRestartAttempts = 3

// RollingRestart restarts the pods of a component one at a time, waiting for each to be ready.
// A transient API error is retried up to maxRestartAttempts times.
func RollingRestart(ctx context.Context, c *Cluster, component string) error {
	for _, pod := range c.Pods(component) {
		if err := retry(ctx, maxRestartAttempts, func() error { return c.Restart(ctx, pod) }); err != nil {
			return err
		}
		if err := c.WaitReady(ctx, pod, 10*time.Minute); err != nil {
			return err
		}
	}
	return nil
}

func retry(ctx context.Context, attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil || !IsTransient(err) {
			return err
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
`;

const INVOICE_V1 = `from decimal import Decimal


def invoice_total(lines, tax_rate):
    """Sum of the invoice lines plus tax, in cents."""
    subtotal = sum(Decimal(line.amount_cents) for line in lines)
    return subtotal + subtotal * Decimal(tax_rate)
`;

const INVOICE_V2 = `from decimal import Decimal, ROUND_HALF_UP


def invoice_total(lines, tax_rate):
    """Sum of the invoice lines plus tax, in whole cents."""
    subtotal = sum(Decimal(line.amount_cents) for line in lines)
    total = subtotal + subtotal * Decimal(tax_rate)
    return int(total.quantize(Decimal("1"), rounding=ROUND_HALF_UP))
`;

const SERVER_V1 = `import Fastify from 'fastify';

const app = Fastify({ logger: true });

app.get('/healthz', async () => ({ ok: true }));

export async function start(port: number): Promise<void> {
  await app.listen({ port, host: '0.0.0.0' });
}
`;

const SERVER_V2 = `import crypto from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({
  logger: true,
  genReqId: (req) => String(req.headers['x-request-id'] ?? crypto.randomUUID()),
});

app.get('/healthz', async () => ({ ok: true }));

export async function start(port: number): Promise<void> {
  await app.listen({ port, host: '0.0.0.0' });
}
`;

const VALUES_V1 = `operator:
  image: acme/tidb-operator:v1.3.0
  replicas: 2
  resources:
    limits:
      cpu: "2"
      memory: 2Gi
tidb:
  defaultVersion: v8.1.1
`;

const VALUES_V2 = `operator:
  image: acme/tidb-operator:v1.5.0
  replicas: 2
  resources:
    limits:
      cpu: "2"
      memory: 4Gi
tidb:
  defaultVersion: v8.1.1
`;

const CHANGELOG_1 = `# Changelog

## v1.3.0

- operator: retry rolling restarts on transient API errors
`;
const CHANGELOG_2 = `# Changelog

## v1.4.0

- billing: round invoice totals to whole cents
- console-api: request ids in the access log

## v1.3.0

- operator: retry rolling restarts on transient API errors
`;
const CHANGELOG_3 = `# Changelog

## v1.5.0

- charts: the operator's memory limit is 4Gi

## v1.4.0

- billing: round invoice totals to whole cents
- console-api: request ids in the access log

## v1.3.0

- operator: retry rolling restarts on transient API errors
`;

export const MAIN_COMMITS: SpecCommit[] = [
  {
    message: 'Initial import of the platform services',
    author: DANA,
    time: t('2026-06-01T09:00:00Z'),
    files: {
      'README.md':
        '# cloud-platform\n\nThe services that run the managed database cloud: the operator, billing and the console API.\n',
      'services/tidb-operator/rollout.go': ROLLOUT_V1,
      'services/tidb-operator/cluster.go':
        'package operator\n\n// Cluster is a tenant cluster as the operator sees it.\ntype Cluster struct {\n\tID        string\n\tNamespace string\n}\n',
      'services/billing/invoice.py': INVOICE_V1,
      'services/console-api/src/server.ts': SERVER_V1,
      'charts/tidb-operator/values.yaml': VALUES_V1,
      'deploy/legacy-deploy.sh': '#!/bin/sh\nset -e\nkubectl apply -f deploy/manifests/\n',
      'CHANGELOG.md': '# Changelog\n',
    },
  },
  {
    message: 'operator: retry rolling restarts on transient API errors',
    author: RAVI,
    time: t('2026-06-15T14:20:00Z'),
    files: { 'services/tidb-operator/rollout.go': ROLLOUT_V2, 'CHANGELOG.md': CHANGELOG_1 },
  },
  {
    message: 'billing: round invoice totals to whole cents',
    author: LENA,
    time: t('2026-07-02T10:05:00Z'),
    files: { 'services/billing/invoice.py': INVOICE_V2 },
  },
  {
    message: 'console-api: request ids in the access log',
    author: OMAR,
    time: t('2026-07-20T16:40:00Z'),
    files: { 'services/console-api/src/server.ts': SERVER_V2 },
  },
  {
    message: 'Release v1.4.0',
    author: DANA,
    time: t('2026-08-03T08:00:00Z'),
    files: { 'CHANGELOG.md': CHANGELOG_2 },
  },
  {
    message: "charts: raise the operator's memory limit to 4Gi",
    author: RAVI,
    time: t('2026-08-28T11:30:00Z'),
    files: { 'charts/tidb-operator/values.yaml': VALUES_V2 },
  },
  {
    message: 'Release v1.5.0',
    author: DANA,
    time: t('2026-09-14T08:00:00Z'),
    files: { 'CHANGELOG.md': CHANGELOG_3 },
  },
];

/** Tag name → index into MAIN_COMMITS. */
export const SPEC_TAGS: Record<string, number> = { 'v1.3.0': 1, 'v1.4.0': 4, 'v1.5.0': 6 };

const commit = (author: SpecCommit['author'], iso: string, message: string, files: SpecCommit['files']) => ({
  author,
  time: t(iso),
  message,
  files,
});

export const SPEC_BRANCHES: SpecBranch[] = [
  {
    name: 'feature/operator-canary-rollout',
    from: 4,
    commits: [
      commit(RAVI, '2026-08-10T09:12:00Z', 'operator: roll out to canary clusters first', {
        'services/tidb-operator/canary.go': `package operator

import "context"

// RolloutCanaryFirst rolls a change out to the canary clusters, checks their health, then to the rest.
func RolloutCanaryFirst(ctx context.Context, canary, rest []*Cluster, apply func(*Cluster) error) error {
	for _, c := range canary {
		if err := apply(c); err != nil {
			return err
		}
		if !c.Healthy(ctx) {
			return ErrCanaryUnhealthy
		}
	}
	for _, c := range rest {
		if err := apply(c); err != nil {
			return err
		}
	}
	return nil
}
`,
      }),
      commit(RAVI, '2026-08-11T15:03:00Z', 'charts: canary set per environment', {
        'charts/tidb-operator/values.yaml': VALUES_V1.replace(
          'tidb:\n',
          'canary:\n  enabled: true\n  clusters: []\ntidb:\n',
        ),
      }),
    ],
  },
  {
    name: 'fix/billing-tax-rounding',
    from: 4,
    commits: [
      commit(LENA, '2026-08-12T10:00:00Z', 'billing: round the tax before adding it', {
        'services/billing/invoice.py': INVOICE_V2.replace(
          '    total = subtotal + subtotal * Decimal(tax_rate)\n',
          '    tax = (subtotal * Decimal(tax_rate)).quantize(Decimal("1"), rounding=ROUND_HALF_UP)\n    total = subtotal + tax\n',
        ),
      }),
    ],
  },
  {
    name: 'feature/console-audit-export',
    from: 5,
    commits: [
      commit(OMAR, '2026-09-01T13:45:00Z', 'console-api: export audit logs as CSV', {
        'services/console-api/src/audit-export.ts': `export interface AuditRow {
  operator: string;
  operation: string;
  operateAt: string;
}

const quote = (s: string) => \`"\${s.replace(/"/g, '""')}"\`;

/** Audit rows as CSV, one line per row, with a header. */
export function toCsv(rows: AuditRow[]): string {
  const lines = rows.map((r) => [r.operator, r.operation, r.operateAt].map(quote).join(','));
  return ['operator,operation,operate_at', ...lines].join('\\n') + '\\n';
}
`,
        'services/console-api/src/server.ts': SERVER_V2.replace(
          "app.get('/healthz', async () => ({ ok: true }));\n",
          "app.get('/healthz', async () => ({ ok: true }));\napp.get('/audit.csv', async (_req, reply) => reply.type('text/csv').send(''));\n",
        ),
      }),
    ],
  },
  {
    name: 'chore/bump-tidb-v8.5.2',
    from: 5,
    commits: [
      commit(DANA, '2026-09-03T09:00:00Z', 'charts: new clusters get TiDB v8.5.2', {
        'charts/tidb-operator/values.yaml': VALUES_V2.replace('defaultVersion: v8.1.1', 'defaultVersion: v8.5.2'),
      }),
    ],
  },
  {
    name: 'fix/operator-pd-leader-eviction',
    from: 5,
    commits: [
      commit(RAVI, '2026-09-05T17:20:00Z', 'operator: evict the PD leader before restarting its pod', {
        'services/tidb-operator/rollout.go': ROLLOUT_V2.replace(
          '\tfor _, pod := range c.Pods(component) {\n\t\tif err := retry(',
          '\tfor _, pod := range c.Pods(component) {\n\t\tif component == "pd" && c.IsPDLeader(pod) {\n\t\t\tif err := c.TransferPDLeader(ctx, pod); err != nil {\n\t\t\t\treturn err\n\t\t\t}\n\t\t}\n\t\tif err := retry(',
        ),
      }),
    ],
  },
  {
    name: 'feature/billing-credits-api',
    from: 6,
    commits: [
      commit(LENA, '2026-09-20T10:30:00Z', 'billing: credits API', {
        'services/billing/credits.py': `from decimal import Decimal


def remaining_credit(grants, usage_cents):
    """What is left of a tenant's credit grants after usage, never below zero."""
    granted = sum(Decimal(g.amount_cents) for g in grants if not g.expired)
    return max(Decimal(0), granted - Decimal(usage_cents))
`,
      }),
      commit(LENA, '2026-09-21T08:15:00Z', 'billing: apply credits to the invoice total', {
        'services/billing/invoice.py': INVOICE_V2.replace(
          'def invoice_total(lines, tax_rate):',
          'def invoice_total(lines, tax_rate, credit_cents=0):',
        ).replace('    return int(', '    total -= Decimal(credit_cents)\n    return int('),
      }),
    ],
  },
  {
    name: 'docs/runbook-maintenance',
    from: 6,
    commits: [
      commit(DANA, '2026-09-25T12:00:00Z', 'docs: maintenance window runbook', {
        'docs/runbooks/maintenance.md': `# Maintenance windows

1. Create the maintenance with its clusters, schedule time and deadline.
2. Deploys and configuration changes to those clusters wait until the window is closed.
3. Start each execution, watch the cluster, finish it; cancel with a reason if it must stop.
4. Close the maintenance.
`,
      }),
    ],
  },
  {
    name: 'feature/ticdc-changefeed-metrics',
    from: 6,
    commits: [
      commit(OMAR, '2026-10-01T09:40:00Z', 'operator: export changefeed lag metrics', {
        'services/tidb-operator/ticdc_metrics.go': `package operator

import "github.com/prometheus/client_golang/prometheus"

// ChangefeedLag is the checkpoint lag of each changefeed, in seconds.
var ChangefeedLag = prometheus.NewGaugeVec(
	prometheus.GaugeOpts{Name: "ticdc_changefeed_checkpoint_lag_seconds", Help: "Checkpoint lag per changefeed."},
	[]string{"cluster", "changefeed"},
)
`,
      }),
    ],
  },
  {
    name: 'fix/console-session-timeout',
    from: 6,
    commits: [
      commit(OMAR, '2026-10-06T14:10:00Z', 'console-api: close idle connections after 60 s', {
        'services/console-api/src/server.ts': SERVER_V2.replace(
          '  logger: true,\n',
          '  logger: true,\n  keepAliveTimeout: 60_000,\n',
        ),
      }),
    ],
  },
  {
    name: 'chore/remove-legacy-deploy-script',
    from: 6,
    commits: [
      commit(DANA, '2026-10-08T08:30:00Z', 'deploy: remove the legacy deploy script (gitops applies the manifests)', {
        'deploy/legacy-deploy.sh': null,
      }),
    ],
  },
  {
    name: 'feature/operator-tiproxy-support',
    from: 6,
    commits: [
      commit(RAVI, '2026-10-12T11:00:00Z', 'operator: TiProxy as a component', {
        'services/tidb-operator/tiproxy.go': `package operator

// TiProxyReplicas is how many TiProxy pods a cluster runs in front of TiDB.
func TiProxyReplicas(c *Cluster) int {
	if c.TiDBReplicas() >= 4 {
		return 3
	}
	return 2
}
`,
        'charts/tidb-operator/values.yaml': VALUES_V2 + 'tiproxy:\n  enabled: true\n',
      }),
    ],
  },
  {
    name: 'fix/billing-currency-fx',
    from: 6,
    commits: [
      commit(LENA, '2026-10-15T15:25:00Z', 'billing: convert with the day rate, four decimals', {
        'services/billing/fx.py': `from decimal import Decimal


def convert(amount_cents, rate):
    """Cents in USD to the target currency, with the rate rounded to four decimals."""
    return Decimal(amount_cents) * Decimal(rate).quantize(Decimal("0.0001"))
`,
      }),
    ],
  },
];

/** The branches pull requests can name (`head_ref`), with `main` as their base. */
export const SPEC_BRANCH_NAMES = SPEC_BRANCHES.map((b) => b.name);
