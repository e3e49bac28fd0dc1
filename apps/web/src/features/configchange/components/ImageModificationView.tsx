import { useState } from 'react';
import { Button, Flex, Tag, Tooltip } from 'antd';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { EditOutlined } from '@ant-design/icons';
import type { ComponentImage } from '@portal/contract';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';

// The Modify form (antd Modal and Form) loads when first opened.
const ImageTagsDialog = lazyDialog(() => import('./ImageTagsDialog').then((m) => m.ImageTagsDialog));

/** Spec §2, verbatim. */
export const IMAGE_CONFIRM_TEXT = 'Are you sure to change these images?';

export interface ImageTagChange {
  component: string;
  image_tag: string;
}

export interface ImageModificationViewProps {
  components: ImageRow[];
  /** New tags not applied yet (the config editor's pending change), shown next to the current tag. */
  pending?: Record<string, string>;
  disabled?: boolean;
  disabledReason?: string;
  /**
   * Runs after the confirmation with the components whose tag changes. Resolve to close the dialogs;
   * reject to keep the form open (the failure is shown by the caller, e.g. the operation-failure dialog).
   */
  onSubmit(changes: ImageTagChange[]): Promise<unknown> | void;
  /** Components whose tag is set back to the current one (the caller may drop them from a pending change). */
  onUnchanged?(components: string[]): void;
  title?: string;
  /** Controls the Modify form from outside (e.g. an Actions menu); uncontrolled when absent. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

/** A component image; TiCDC clusters also report the tag of the running version (`source_image_tag`). */
export type ImageRow = ComponentImage & { source_image_tag?: string };

/** The tag a component runs now (the overwrite when there is one, else the version's tag). */
export const currentTag = (c: ComponentImage) => c.effective_image_tag;

/**
 * The version's own tag: reported for TiCDC; for clusters it is the running tag unless an overwrite pins another
 * build.
 */
const sourceTag = (c: ImageRow): string | null =>
  c.source_image_tag ?? (c.overwrite_image_tag === null ? c.effective_image_tag : null);

const columns = (pending: Record<string, string>): DataColumns<ImageRow> => [
  {
    title: 'Component',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <Text strong>{name}</Text>,
  },
  {
    title: 'Base Image',
    dataIndex: 'base_image',
    key: 'base_image',
    render: (v: string) => <Text code>{v}</Text>,
  },
  {
    title: 'Source Tag',
    key: 'source',
    render: (_: unknown, c) => {
      const source = sourceTag(c);
      return source !== null ? (
        <Text code>{source}</Text>
      ) : (
        <Tooltip title="An overwrite pins another build; the configuration does not report the version's own tag">
          <Text type="secondary">-</Text>
        </Tooltip>
      );
    },
  },
  {
    title: 'Current Tag',
    key: 'current',
    render: (_: unknown, c) => (
      <Flex gap={6} align="center" wrap>
        <Text code>{currentTag(c)}</Text>
        {c.overwrite_image_tag !== null ? <Tag color="purple">overwrite</Tag> : null}
        {pending[c.name] !== undefined ? <Tag color="gold">{`→ ${pending[c.name]}`}</Tag> : null}
      </Flex>
    ),
  },
];

/**
 * The Image modification view of spec §2: component, base image, source tag and current tag; Modify opens
 * a form with one tag input per component (required, no surrounding whitespace), then asks
 * "Are you sure to change these images?" before handing the changed tags to `onSubmit`.
 */
export function ImageModificationView({
  components,
  pending = {},
  disabled,
  disabledReason,
  onSubmit,
  onUnchanged,
  title = 'Component Images',
  open: controlledOpen,
  onOpenChange,
}: ImageModificationViewProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <div aria-label={title}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Text strong>{title}</Text>
        <Tooltip title={disabled ? disabledReason : undefined}>
          <Button icon={<EditOutlined />} disabled={disabled || components.length === 0} onClick={() => setOpen(true)}>
            Modify
          </Button>
        </Tooltip>
      </Flex>
      <DataTable<ImageRow>
        aria-label="Images"
        rowKey="name"
        size="small"
        columns={columns(pending)}
        data={components}
      />
      <ImageTagsDialog
        open={open}
        components={components}
        pending={pending}
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
        onUnchanged={onUnchanged}
      />
    </div>
  );
}
