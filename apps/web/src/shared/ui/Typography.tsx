import { useEffect, useState } from 'react';
import type { CSSProperties, HTMLAttributes, MouseEventHandler, ReactNode } from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';

/**
 * Text, Paragraph, Title and TextLink: the console's typography, styled like antd's (app/global.css, `.tx*`). Not
 * antd Typography: its base statically imports the editable mode (TextArea), Tooltip and resize observers (≈ 23 KB gzip
 * with what it pulls) onto every page for what is mostly a secondary colour or a code span.
 */

type Tone = 'secondary' | 'success' | 'warning' | 'danger';

interface Common extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  type?: Tone;
  style?: CSSProperties;
  className?: string;
  children?: ReactNode;
}

export interface TextProps extends Common {
  strong?: boolean;
  code?: boolean;
  italic?: boolean;
  delete?: boolean;
  /** One line cut with an ellipsis (give the text a width or max-width); the tooltip shows as the title. */
  ellipsis?: boolean | { tooltip?: string; rows?: number };
  /** A copy button after the text; copies `text` or the text shown. */
  copyable?: boolean | { text?: string };
}

function classes(base: string, type: Tone | undefined, extra: (string | false | undefined)[], className?: string) {
  return [base, type && `tx-${type}`, ...extra, className].filter(Boolean).join(' ');
}

function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  return '';
}

function ellipsisStyle(ellipsis: TextProps['ellipsis'], style: CSSProperties | undefined): CSSProperties | undefined {
  if (!ellipsis) return style;
  const rows = typeof ellipsis === 'object' ? ellipsis.rows : undefined;
  return rows && rows > 1 ? { WebkitLineClamp: rows, ...style } : style;
}

/** The copy button antd's `copyable` shows: copies to the clipboard, then shows a check mark for three seconds. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="tx-copy"
      aria-label={copied ? 'Copied' : 'Copy'}
      title={copied ? 'Copied' : 'Copy'}
      onClick={(event) => {
        event.stopPropagation();
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? <CheckOutlined className="tx-copied" /> : <CopyOutlined />}
    </button>
  );
}

export function Text({
  type,
  strong,
  code,
  italic,
  delete: deleted,
  ellipsis,
  copyable,
  style,
  className,
  children,
  ...rest
}: TextProps) {
  let content: ReactNode = children;
  if (code) content = <code>{content}</code>;
  if (strong) content = <strong>{content}</strong>;
  if (italic) content = <i>{content}</i>;
  if (deleted) content = <del>{content}</del>;
  const rows = typeof ellipsis === 'object' ? ellipsis.rows : undefined;
  const tooltip = typeof ellipsis === 'object' ? ellipsis.tooltip : ellipsis ? textOf(children) : undefined;
  const copyText = copyable ? ((typeof copyable === 'object' ? copyable.text : undefined) ?? textOf(children)) : null;
  const text = (
    <span
      {...rest}
      title={tooltip || undefined}
      className={classes(
        'tx',
        type,
        [ellipsis && (rows && rows > 1 ? 'tx-clamp' : 'tx-ellipsis')],
        copyText === null ? className : undefined,
      )}
      style={copyText === null ? ellipsisStyle(ellipsis, style) : ellipsisStyle(ellipsis, undefined)}
    >
      {content}
    </span>
  );
  if (copyText === null) return text;
  // The button stays visible beside a cut text.
  return (
    <span className={classes('tx-copyable', undefined, [], className)} style={style}>
      {text}
      <CopyButton text={copyText} />
    </span>
  );
}

export function Paragraph({
  type,
  style,
  className,
  children,
  ellipsis,
  ...rest
}: Common & Pick<TextProps, 'ellipsis'>) {
  const rows = typeof ellipsis === 'object' ? (ellipsis.rows ?? 1) : 1;
  const tooltip = typeof ellipsis === 'object' ? ellipsis.tooltip : ellipsis ? textOf(children) : undefined;
  return (
    <div
      {...rest}
      title={tooltip || undefined}
      className={classes('tx tx-paragraph', type, [ellipsis && (rows > 1 ? 'tx-clamp' : 'tx-ellipsis')], className)}
      style={ellipsisStyle(ellipsis, style)}
    >
      {children}
    </div>
  );
}

export function Title({
  level = 1,
  type,
  style,
  className,
  children,
  ...rest
}: Common & { level?: 1 | 2 | 3 | 4 | 5 }) {
  const Tag = `h${level}` as const;
  return (
    <Tag {...rest} className={classes(`tx tx-title tx-h${level}`, type, [], className)} style={style}>
      {children}
    </Tag>
  );
}

/** A link-styled action (antd Typography.Link): a button when it only has onClick, else an anchor. */
export function TextLink({
  href,
  onClick,
  style,
  className,
  children,
}: {
  href?: string;
  onClick?: MouseEventHandler<HTMLElement>;
  style?: CSSProperties;
  className?: string;
  children?: ReactNode;
}) {
  return href ? (
    <a href={href} onClick={onClick} className={classes('tx-link', undefined, [], className)} style={style}>
      {children}
    </a>
  ) : (
    <button type="button" onClick={onClick} className={classes('tx-link', undefined, [], className)} style={style}>
      {children}
    </button>
  );
}
