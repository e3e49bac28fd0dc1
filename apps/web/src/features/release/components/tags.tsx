import type { CSSProperties } from 'react';
import { Tag } from 'antd';
import {
  DEVOPS_RELEASE_PHASE_COLORS,
  PULL_STATE_COLORS,
  RELEASE_CHANGE_STATUS_COLORS,
  RELEASE_TICKET_STATUS_COLORS,
} from '@portal/contract';
import type {
  CodehostLabel,
  DevopsReleasePhase,
  PullState,
  ReleaseChangeStatus,
  ReleaseTicketStatus,
} from '@portal/contract';
import { StatusTag } from '../../../shared/ui/StatusTag';

/*
 * The area's statuses as tags, coloured from the contract's tables (not the shell's merged status colours: words
 * such as "closed" or "approved" mean other colours in other areas).
 */

export function ReleasePhaseTag({ phase }: { phase: DevopsReleasePhase }) {
  return <StatusTag status={phase} color={DEVOPS_RELEASE_PHASE_COLORS[phase]} />;
}

export function ChangeStatusTag({ status }: { status: ReleaseChangeStatus }) {
  return <StatusTag status={status} color={RELEASE_CHANGE_STATUS_COLORS[status]} />;
}

export function TicketStatusTag({ status }: { status: ReleaseTicketStatus }) {
  return <StatusTag status={status} color={RELEASE_TICKET_STATUS_COLORS[status]} />;
}

export function PullStateTag({ state }: { state: PullState }) {
  return <StatusTag status={state} color={PULL_STATE_COLORS[state]} />;
}

/**
 * A label's tag as the code host shows it: its colour as the background, the text dark or white whichever reads on it
 * (antd's custom colours would print a pale colour such as `a2eeef` as text on white, unreadable).
 */
export function labelStyle(color: string | undefined): CSSProperties | undefined {
  if (!color || !/^[0-9a-f]{6}$/i.test(color)) return undefined;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
  // Perceived brightness (ITU-R BT.601), as code hosts pick a label's text colour.
  const light = (r * 299 + g * 587 + b * 114) / 1000 > 150;
  return { background: `#${color}`, borderColor: `#${color}`, color: light ? '#1f2328' : '#fff' };
}

/** A label as the code host colours it (its colour when known, else a plain tag). */
export function LabelTag({ name, labels }: { name: string; labels?: readonly CodehostLabel[] }) {
  const label = labels?.find((l) => l.name === name);
  return (
    <Tag style={labelStyle(label?.color)} title={label?.description}>
      {name}
    </Tag>
  );
}

/** Labels in a row. */
export function LabelTags({ names, labels }: { names: readonly string[]; labels?: readonly CodehostLabel[] }) {
  if (!names.length) return <span>-</span>;
  return (
    <span className="release-tags">
      {names.map((n) => (
        <LabelTag key={n} name={n} labels={labels} />
      ))}
    </span>
  );
}
