import { useDeferredValue } from 'react';

/** The most lines a diff shows at once (a huge diff would stall the page); the rest behind the code host's link. */
export const MAX_DIFF_LINES = 5000;

function lineClass(line: string): string | undefined {
  if (line.startsWith('diff --git') || line.startsWith('+++ ') || line.startsWith('--- ')) return 'diff-file';
  if (line.startsWith('@@')) return 'diff-hunk';
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-del';
  return undefined;
}

/**
 * A unified diff (git format) as text, added lines green and removed lines red, hunks and file headers marked.
 * Plain spans in a <pre>: no diff library in the bundle. Rendered in a transition (decision 0011).
 */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const text = useDeferredValue(diff, '');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const shown = lines.slice(0, MAX_DIFF_LINES);
  return (
    <pre className="release-diff" aria-label={label}>
      {shown.map((line, i) => (
        <span key={i} className={lineClass(line)}>
          {line || ' '}
        </span>
      ))}
      {lines.length > shown.length ? <span>{`… ${lines.length - shown.length} more lines`}</span> : null}
    </pre>
  );
}
