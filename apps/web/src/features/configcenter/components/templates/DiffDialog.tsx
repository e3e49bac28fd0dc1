import { Button, Modal } from 'antd';
import type { DefaultCaseBinding } from '@portal/contract';
import { Paragraph, Text } from '../../../../shared/ui/Typography';
import { TemplateDiffTable } from './TemplateDiffTable';

export interface DiffDialogProps {
  open: boolean;
  /** The default case whose source template (released to prod) and current template (staged) are compared. */
  row: DefaultCaseBinding | null;
  onClose(): void;
}

/** A default case's Diff action (spec §2): its source template against its current template. */
export function DiffDialog({ open, row, onClose }: DiffDialogProps) {
  const source = row?.source_template;
  return (
    <Modal
      title="Template Diff"
      open={open}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {row && source ? (
        <>
          <Paragraph type="secondary">
            Source <Text strong>{source.name}</Text> (#{source.id}) → current{' '}
            <Text strong>{row.current_template.name}</Text> (#{row.current_template.id})
          </Paragraph>
          <TemplateDiffTable aria-label="Source vs current" from={source.id} to={row.current_template.id} />
        </>
      ) : null}
    </Modal>
  );
}
