import type { CSSProperties, ReactNode } from 'react';
import { Flex, Tag } from 'antd';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const pretty = (v: unknown) => JSON.stringify(v, null, 2) ?? String(v);

/** Top-level keys whose values differ between before and after; every key of the one side that is an object. */
export function changedKeys(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after))
    return isRecord(after) ? Object.keys(after) : isRecord(before) ? Object.keys(before) : [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => pretty(before[k]) !== pretty(after[k]));
}

const TONES = {
  before: { background: '#fff1f0', boxShadow: 'inset 3px 0 0 #ff4d4f' },
  after: { background: '#f6ffed', boxShadow: 'inset 3px 0 0 #52c41a' },
} satisfies Record<string, CSSProperties>;

/** Pretty JSON of one side; the lines of changed top-level keys are marked in the side's colour. */
function JsonSide({
  value,
  changed,
  tone,
}: {
  value: unknown;
  changed: ReadonlySet<string>;
  tone: keyof typeof TONES;
}) {
  let body: ReactNode = pretty(value);
  if (isRecord(value) && Object.keys(value).length > 0) {
    const keys = Object.keys(value);
    body = (
      <>
        {'{\n'}
        {keys.map((key, i) => {
          const text = `  ${JSON.stringify(key)}: ${pretty(value[key]).replace(/\n/g, '\n  ')}${i < keys.length - 1 ? ',' : ''}\n`;
          return changed.has(key) ? (
            <mark
              key={key}
              data-changed={key}
              style={{ ...TONES[tone], display: 'block', color: 'inherit', padding: 0 }}
            >
              {text}
            </mark>
          ) : (
            <span key={key}>{text}</span>
          );
        })}
        {'}'}
      </>
    );
  }
  return <pre className="json-block">{body}</pre>;
}

/**
 * An audit row's details as pretty JSON. With `before`/`after` (every mutation writes them) the two sides show next
 * to each other, the changed keys named and marked; anything else in the details follows.
 */
export function AuditDetails({ details }: { details: unknown }) {
  if (!isRecord(details) || !('before' in details || 'after' in details))
    return <pre className="json-block">{pretty(details)}</pre>;
  const { before, after, ...rest } = details;
  const changed = changedKeys(before, after);
  const marked = new Set(changed);
  return (
    <Flex vertical gap={8}>
      {changed.length ? (
        <div>
          Changed:{' '}
          {changed.map((k) => (
            <Tag key={k} color="gold">
              {k}
            </Tag>
          ))}
        </div>
      ) : null}
      <Flex gap={12} wrap>
        <section aria-label="Before" style={{ flex: '1 1 320px', minWidth: 0 }}>
          <strong>Before</strong>
          <JsonSide value={before ?? null} changed={marked} tone="before" />
        </section>
        <section aria-label="After" style={{ flex: '1 1 320px', minWidth: 0 }}>
          <strong>After</strong>
          <JsonSide value={after ?? null} changed={marked} tone="after" />
        </section>
      </Flex>
      {Object.keys(rest).length ? (
        <section aria-label="Other details">
          <strong>Other details</strong>
          <pre className="json-block">{pretty(rest)}</pre>
        </section>
      ) : null}
    </Flex>
  );
}
