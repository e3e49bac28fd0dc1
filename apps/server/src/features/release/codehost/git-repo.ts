import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type * as Diff from 'diff';
import type IsomorphicGit from 'isomorphic-git';
import { MAX_DIFF_BYTES, type PullFile } from '@portal/contract';
import {
  EMBEDDED_REPOSITORY,
  MAIN_COMMITS,
  SPEC_BRANCHES,
  SPEC_TAGS,
  SPEC_VERSION,
  type SpecCommit,
} from './repo-spec.js';

/*
 * The embedded code host's git repository: a bare repository under CODEHOST_DIR (default `$DATA_DIR/codehost`),
 * written from `repo-spec.ts` on first use (never at start: start-up time is budgeted), and written again when it is
 * missing, damaged or from another version of the spec. It is written into a temporary directory and renamed into
 * place, so concurrent first uses (several server processes, test workers) each see a whole repository. isomorphic-git
 * (pure JavaScript) reads and writes it; jsdiff makes the unified diffs. Both load on first use.
 */

type Git = typeof IsomorphicGit;
let loadingGit: Promise<Git> | undefined;
const loadGit = () => (loadingGit ??= import('isomorphic-git').then((m) => m.default));
let loadingDiff: Promise<typeof Diff> | undefined;
const loadDiff = () => (loadingDiff ??= import('diff'));

const SPEC_FILE = 'portal-spec';

export const gitdirOf = (dir: string): string => path.join(dir, ...`${EMBEDDED_REPOSITORY}.git`.split('/'));

const opened = new Map<string, Promise<string>>();

/** The repository's gitdir, written first if it is missing or not intact. Memoised per directory. */
export function ensureRepository(dir: string): Promise<string> {
  let p = opened.get(dir);
  if (!p) {
    p = open(dir);
    opened.set(dir, p);
    p.catch(() => opened.delete(dir));
  }
  return p;
}

/**
 * Runs `f` on the repository. If it throws, or its result looks wrong (`suspicious`: a branch or tag that should be
 * there is not), and the repository turns out not to be intact (removed or damaged meanwhile), it is written again
 * and `f` runs once more.
 */
export async function withRepository<T>(
  dir: string,
  f: (gitdir: string) => Promise<T>,
  suspicious: (result: T) => boolean = () => false,
): Promise<T> {
  const gitdir = await ensureRepository(dir);
  try {
    const result = await f(gitdir);
    if (!suspicious(result) || (await isIntact(gitdir))) return result;
  } catch (err) {
    if (await isIntact(gitdir)) throw err;
  }
  opened.delete(dir);
  return f(await ensureRepository(dir));
}

async function open(dir: string): Promise<string> {
  const gitdir = gitdirOf(dir);
  if (await isIntact(gitdir)) return gitdir;
  await create(gitdir);
  return gitdir;
}

/** Written from this spec version, and every branch resolves to a readable commit. */
export async function isIntact(gitdir: string): Promise<boolean> {
  try {
    const version = await fs.promises.readFile(path.join(gitdir, SPEC_FILE), 'utf8');
    if (version.trim() !== SPEC_VERSION) return false;
    const git = await loadGit();
    for (const ref of ['main', ...SPEC_BRANCHES.map((b) => b.name)]) {
      const oid = await git.resolveRef({ fs, gitdir, ref: `refs/heads/${ref}` });
      await git.readCommit({ fs, gitdir, oid });
    }
    return true;
  } catch {
    return false;
  }
}

async function create(gitdir: string): Promise<void> {
  const parent = path.dirname(gitdir);
  await fs.promises.mkdir(parent, { recursive: true });
  const tmp = await fs.promises.mkdtemp(path.join(parent, '.tmp-'));
  const trash = `${gitdir}.old-${crypto.randomBytes(4).toString('hex')}`;
  try {
    await writeSpec(tmp);
    await fs.promises.writeFile(path.join(tmp, SPEC_FILE), `${SPEC_VERSION}\n`);
    await fs.promises.rename(gitdir, trash).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    try {
      await fs.promises.rename(tmp, gitdir);
    } catch (err) {
      // Another process put its (identical) repository in place first.
      if (!(await isIntact(gitdir))) throw err;
    }
  } finally {
    await fs.promises.rm(tmp, { recursive: true, force: true });
    await fs.promises.rm(trash, { recursive: true, force: true });
  }
}

// ---- writing the spec ---------------------------------------------------------------------------------------------

type Files = Map<string, string>;

function applyFiles(files: Files, changes: SpecCommit['files']): Files {
  const next = new Map(files);
  for (const [p, content] of Object.entries(changes)) {
    if (content === null) next.delete(p);
    else next.set(p, content);
  }
  return next;
}

/** Git's tree order: by name, a directory compared as `name/`. */
const treeOrder = (a: { path: string; type: string }, b: { path: string; type: string }) => {
  const ka = a.type === 'tree' ? `${a.path}/` : a.path;
  const kb = b.type === 'tree' ? `${b.path}/` : b.path;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

async function writeSpec(gitdir: string): Promise<void> {
  const git = await loadGit();
  await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' });
  const blobs = new Map<string, string>();
  const blob = async (content: string) => {
    let oid = blobs.get(content);
    if (!oid) {
      oid = await git.writeBlob({ fs, gitdir, blob: Buffer.from(content, 'utf8') });
      blobs.set(content, oid);
    }
    return oid;
  };
  const writeTree = async (files: [string[], string][]): Promise<string> => {
    const dirs = new Map<string, [string[], string][]>();
    const tree: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = [];
    for (const [parts, content] of files) {
      if (parts.length === 1) tree.push({ mode: '100644', path: parts[0]!, oid: await blob(content), type: 'blob' });
      else dirs.set(parts[0]!, [...(dirs.get(parts[0]!) ?? []), [parts.slice(1), content]]);
    }
    for (const [name, inner] of dirs)
      tree.push({ mode: '040000', path: name, oid: await writeTree(inner), type: 'tree' });
    return git.writeTree({ fs, gitdir, tree: tree.sort(treeOrder) });
  };
  const writeCommit = async (files: Files, parent: string | undefined, c: SpecCommit) => {
    const tree = await writeTree([...files].map(([p, content]) => [p.split('/'), content]));
    const who = { ...c.author, timestamp: c.time, timezoneOffset: 0 };
    return git.writeCommit({
      fs,
      gitdir,
      commit: { message: `${c.message}\n`, tree, parent: parent ? [parent] : [], author: who, committer: who },
    });
  };

  const mainOids: string[] = [];
  const snapshots: Files[] = [];
  let files: Files = new Map();
  for (const c of MAIN_COMMITS) {
    files = applyFiles(files, c.files);
    mainOids.push(await writeCommit(files, mainOids[mainOids.length - 1], c));
    snapshots.push(files);
  }
  await git.writeRef({ fs, gitdir, ref: 'refs/heads/main', value: mainOids[mainOids.length - 1]!, force: true });
  for (const [tag, at] of Object.entries(SPEC_TAGS))
    await git.writeRef({ fs, gitdir, ref: `refs/tags/${tag}`, value: mainOids[at]!, force: true });
  for (const branch of SPEC_BRANCHES) {
    let head = mainOids[branch.from]!;
    let bfiles = snapshots[branch.from]!;
    for (const c of branch.commits) {
      bfiles = applyFiles(bfiles, c.files);
      head = await writeCommit(bfiles, head, c);
    }
    await git.writeRef({ fs, gitdir, ref: `refs/heads/${branch.name}`, value: head, force: true });
  }
}

// ---- reading --------------------------------------------------------------------------------------------------------

/** The commit a tag points at, or null. */
export async function tagCommit(gitdir: string, tag: string): Promise<string | null> {
  const git = await loadGit();
  try {
    return await git.resolveRef({ fs, gitdir, ref: `refs/tags/${tag}` });
  } catch {
    return null;
  }
}

export interface BranchDiff {
  baseSha: string;
  headSha: string;
  files: PullFile[];
  diff: string;
  truncated: boolean;
}

/**
 * What `headRef` changes against its merge base with `baseRef` (what a pull request shows): the files and a unified
 * diff in git's format. Null when either branch does not exist.
 */
export async function diffBranches(gitdir: string, baseRef: string, headRef: string): Promise<BranchDiff | null> {
  const git = await loadGit();
  const resolve = (ref: string) => git.resolveRef({ fs, gitdir, ref: `refs/heads/${ref}` }).catch(() => null);
  const [baseTip, headSha] = await Promise.all([resolve(baseRef), resolve(headRef)]);
  if (!baseTip || !headSha) return null;
  const [baseSha] = (await git.findMergeBase({ fs, gitdir, oids: [baseTip, headSha] })) as string[];
  if (!baseSha) return null;
  type Entry = { path: string; before: string | null; after: string | null; beforeOid: string; afterOid: string };
  const entries = (await git.walk({
    fs,
    gitdir,
    trees: [git.TREE({ ref: baseSha }), git.TREE({ ref: headSha })],
    map: async (filepath, [a, b]) => {
      if (filepath === '.') return undefined;
      const [aType, bType] = await Promise.all([a?.type(), b?.type()]);
      const [aOid, bOid] = await Promise.all([a?.oid(), b?.oid()]);
      if (aOid === bOid) return null; // the same blob, or the same tree: nothing below it changed
      if (aType === 'tree' || bType === 'tree') return undefined;
      const text = async (e: typeof a) => (e ? Buffer.from((await e.content()) ?? []).toString('utf8') : null);
      return {
        path: filepath,
        before: aType === 'blob' ? await text(a) : null,
        after: bType === 'blob' ? await text(b) : null,
        beforeOid: aOid ?? '',
        afterOid: bOid ?? '',
      } satisfies Entry;
    },
  })) as (Entry | undefined)[];
  const { structuredPatch } = await loadDiff();
  const files: PullFile[] = [];
  let diff = '';
  let truncated = false;
  for (const e of entries) {
    if (!e) continue;
    const status = e.before === null ? 'added' : e.after === null ? 'removed' : 'modified';
    const patch = structuredPatch(`a/${e.path}`, `b/${e.path}`, e.before ?? '', e.after ?? '', '', '', { context: 3 });
    let additions = 0;
    let deletions = 0;
    const lines = [`diff --git a/${e.path} b/${e.path}`];
    if (status === 'added') lines.push('new file mode 100644');
    if (status === 'removed') lines.push('deleted file mode 100644');
    const short = (oid: string) => (oid ? oid.slice(0, 7) : '0000000');
    lines.push(
      `index ${short(e.beforeOid)}..${short(e.afterOid)}${status === 'modified' ? ' 100644' : ''}`,
      status === 'added' ? '--- /dev/null' : `--- a/${e.path}`,
      status === 'removed' ? '+++ /dev/null' : `+++ b/${e.path}`,
    );
    for (const h of patch.hunks) {
      // Git's numbering: an empty side starts at line 0.
      const oldStart = h.oldLines === 0 ? h.oldStart - 1 : h.oldStart;
      const newStart = h.newLines === 0 ? h.newStart - 1 : h.newStart;
      lines.push(`@@ -${oldStart},${h.oldLines} +${newStart},${h.newLines} @@`);
      for (const l of h.lines) {
        if (l.startsWith('+')) additions++;
        else if (l.startsWith('-')) deletions++;
        lines.push(l);
      }
    }
    files.push({ filename: e.path, status, additions, deletions });
    const text = `${lines.join('\n')}\n`;
    if (truncated || Buffer.byteLength(diff) + Buffer.byteLength(text) > MAX_DIFF_BYTES) truncated = true;
    else diff += text;
  }
  return { baseSha, headSha, files, diff, truncated };
}
