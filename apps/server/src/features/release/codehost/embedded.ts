import { and, arrayContains, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CodehostRelease, PullState, PullSummary } from '@portal/contract';
import type { Db } from '../../../platform/db.js';
import { pageWindow } from '../../../platform/list-query.js';
import { iso, isoOrNull } from '../../../platform/time.js';
import { relCodehostLabels, relCodehostPulls, relCodehostReleases } from '../schema.js';
import { diffBranches, tagCommit, withRepository } from './git-repo.js';
import { EMBEDDED_REPOSITORY } from './repo-spec.js';
import type { CodeHost } from './types.js';

/*
 * The embedded code host: labels, pull requests and releases are rows of `rel_codehost_*` (seeded with the demo);
 * commits, branches and tags live in the git repository under `dir` (git-repo.ts), which the diffs are computed from.
 */

type PullRow = typeof relCodehostPulls.$inferSelect;
const toPull = (r: PullRow): PullSummary => ({
  number: r.number,
  title: r.title,
  state: r.state as PullState,
  author: r.author,
  labels: r.labels,
  head_ref: r.headRef,
  base_ref: r.baseRef,
  url: null,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
  merged_at: isoOrNull(r.mergedAt),
  closed_at: isoOrNull(r.closedAt),
});

export function embeddedCodeHost(db: Db, dir: string): CodeHost {
  const p = relCodehostPulls;
  return {
    kind: 'embedded',
    repository: EMBEDDED_REPOSITORY,
    async labels() {
      const rows = await db.select().from(relCodehostLabels).orderBy(asc(relCodehostLabels.name));
      return rows.map((r) => ({ name: r.name, color: r.color, description: r.description }));
    },
    async pulls(filter) {
      const where: SQL[] = [];
      if (filter.state !== 'all') where.push(eq(p.state, filter.state));
      if (filter.label) where.push(arrayContains(p.labels, [filter.label]));
      const cond = where.length ? and(...where) : undefined;
      const { limit, offset } = pageWindow(filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(p).where(cond).orderBy(desc(p.number)).limit(limit).offset(offset),
        db.select({ n: count() }).from(p).where(cond),
      ]);
      return { items: rows.map(toPull), total: total?.n ?? 0 };
    },
    async pullsByNumber(numbers) {
      if (!numbers.length) return new Map();
      const rows = await db
        .select()
        .from(p)
        .where(inArray(p.number, [...numbers]));
      return new Map(rows.map((r) => [r.number, toPull(r)]));
    },
    async pull(number) {
      const [row] = await db.select().from(p).where(eq(p.number, number));
      if (!row) return null;
      const d = await withRepository(
        dir,
        (gitdir) => diffBranches(gitdir, row.baseRef, row.headRef),
        (diff) => diff === null,
      );
      return {
        ...toPull(row),
        body: row.body,
        base_sha: d?.baseSha ?? '',
        head_sha: d?.headSha ?? '',
        files: d?.files ?? [],
        diff: d?.diff ?? '',
        diff_truncated: d?.truncated ?? false,
      };
    },
    async releases() {
      const r = relCodehostReleases;
      const rows = await db.select().from(r).orderBy(desc(r.publishedAt), desc(r.tagName));
      const shas = await withRepository(
        dir,
        (gitdir) => Promise.all(rows.map((row) => tagCommit(gitdir, row.tagName))),
        (found) => found.some((sha, i) => sha === null && !rows[i]!.draft),
      );
      return rows.map((row, i): CodehostRelease => ({
        tag_name: row.tagName,
        name: row.name,
        body: row.body,
        sha: shas[i] ?? null,
        draft: row.draft,
        prerelease: row.prerelease,
        published_at: isoOrNull(row.publishedAt),
        url: null,
      }));
    },
  };
}
