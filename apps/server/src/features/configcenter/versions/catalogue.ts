import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { CLUSTER_TYPES, type ClusterType } from '@portal/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { callOut } from '../../../platform/outbound.js';
import { ccGitopsVersions } from '../schema.js';

/*
 * Where Sync from Gitops reads the cluster versions a branch of the gitops repository lists (decision 0012). An
 * external system, so an interface with two implementations: the embedded catalogue (the seeded `cc_gitops_versions`
 * table: what the demo and the tests read) and the repository itself over a GitHub-compatible REST API, chosen by
 * GITOPS_REPO_URL.
 */

/** One version a branch lists. `tierBranch` set: only that tier branch lists it (on top of the branch's own). */
export interface GitopsVersion {
  clusterType: ClusterType;
  version: string;
  tierBranch: string | null;
}

export interface BranchVersions {
  /** Where the listing came from, for the operation's record: `embedded`, or the file's blob sha in the repository. */
  revision: string;
  versions: GitopsVersion[];
}

export interface VersionCatalogue {
  /** For logs and the operation's record: `embedded` or `rest`. */
  readonly name: string;
  /**
   * The versions `branch` lists, with those of `tierBranch` when given (a tier branch only adds versions); null when
   * the repository has no such branch. Throws `version.gitopsUnavailable` when the repository cannot be read.
   */
  branchVersions(db: Db, branch: string, tierBranch: string | undefined): Promise<BranchVersions | null>;
}

/** Keeps what the branch lists untiered, plus what the tier branch adds. */
const onTier = (tierBranch: string | undefined) => (v: GitopsVersion) =>
  v.tierBranch === null || (tierBranch !== undefined && v.tierBranch === tierBranch);

/** The embedded catalogue: `cc_gitops_versions`, seeded per branch. A branch with no row does not exist. */
export const embeddedVersionCatalogue: VersionCatalogue = {
  name: 'embedded',
  async branchVersions(db, branch, tierBranch) {
    const g = ccGitopsVersions;
    const rows = await db
      .select({ clusterType: g.clusterType, version: g.version, tierBranch: g.tierBranch })
      .from(g)
      .where(
        and(
          eq(g.branch, branch),
          tierBranch === undefined ? isNull(g.tierBranch) : or(isNull(g.tierBranch), eq(g.tierBranch, tierBranch)),
        ),
      )
      .orderBy(asc(g.clusterType), asc(g.version));
    if (rows.length === 0) {
      const [any] = await db.select({ b: g.branch }).from(g).where(eq(g.branch, branch)).limit(1);
      if (!any) return null;
    }
    return { revision: 'embedded', versions: rows.map((r) => ({ ...r, clusterType: r.clusterType as ClusterType })) };
  },
};

/**
 * The versions file of a branch (`GITOPS_VERSIONS_PATH`, default `versions.json`):
 * `{ "versions": [{ "cluster_type": "DEDICATED_TIDB", "version": "v8.5.2", "tier_branch": "tier-canary" }] }`,
 * `tier_branch` optional — the same rows as the embedded table.
 */
export const versionsFileSchema = z.object({
  versions: z.array(
    z.object({
      cluster_type: z.enum(CLUSTER_TYPES),
      version: z.string().regex(/^v\d+\.\d+\.\d+$/),
      tier_branch: z.string().min(1).nullable().optional(),
    }),
  ),
});

/** A GitHub-compatible contents answer (GitHub, Gitea and Forgejo answer this shape). */
const contentsSchema = z.object({ content: z.string(), encoding: z.literal('base64'), sha: z.string() });

export interface RestCatalogueOptions {
  /**
   * The repository's API root: `https://api.github.com/repos/acme/gitops`,
   * `https://git.example.com/api/v1/repos/acme/gitops`.
   */
  url: string;
  token: string | undefined;
  versionsPath: string;
  /** Per request; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The gitops repository over REST: `GET {url}/contents/{versionsPath}?ref={branch}`, the file base64 in `content`. */
export function restVersionCatalogue(opts: RestCatalogueOptions): VersionCatalogue {
  const path = opts.versionsPath.split('/').map(encodeURIComponent).join('/');
  const unavailable = (branch: string, why: string) =>
    new AppError('version.gitopsUnavailable', `The gitops repository could not be read at ${branch}: ${why}`);
  return {
    name: 'rest',
    async branchVersions(_db, branch, tierBranch) {
      const res = await callOut(`${opts.url}/contents/${path}?ref=${encodeURIComponent(branch)}`, {
        headers: { accept: 'application/vnd.github+json' },
        token: opts.token,
        timeoutMs: opts.timeoutMs ?? 10_000,
        fetch: opts.fetch,
        unavailable: (why) => unavailable(branch, why),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw unavailable(branch, `it answered ${res.status}`);
      const body = contentsSchema.safeParse(await res.json().catch(() => undefined));
      if (!body.success) throw unavailable(branch, `${opts.versionsPath} is not a file`);
      let file: z.infer<typeof versionsFileSchema>;
      try {
        file = versionsFileSchema.parse(JSON.parse(Buffer.from(body.data.content, 'base64').toString('utf8')));
      } catch {
        throw unavailable(branch, `${opts.versionsPath} is not a valid versions file`);
      }
      const versions = file.versions
        .map((v) => ({ clusterType: v.cluster_type, version: v.version, tierBranch: v.tier_branch ?? null }))
        .filter(onTier(tierBranch));
      return { revision: body.data.sha, versions };
    },
  };
}

/** The catalogue an app uses: the repository when GITOPS_REPO_URL is set, else the embedded one. */
export function versionCatalogueFor(config: Pick<Config, 'gitopsRepo'>): VersionCatalogue {
  return config.gitopsRepo ? restVersionCatalogue(config.gitopsRepo) : embeddedVersionCatalogue;
}
