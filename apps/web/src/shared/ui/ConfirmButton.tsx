import type { ReactNode } from 'react';
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { feedback } from '../lib/feedback';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  /** Runs on OK; while its promise is pending the OK button spins, a rejection keeps the dialog open. */
  onOk: () => unknown;
}

/** Asks for confirmation in a Modal.confirm dialog, then runs `onOk`. */
export function confirmAction({ title, content, okText = 'OK', danger, onOk }: ConfirmOptions): void {
  feedback().modal.confirm({
    title,
    content,
    okText,
    cancelText: 'Cancel',
    okButtonProps: { danger },
    onOk: async () => {
      await onOk();
    },
  });
}

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title' | 'content'> {
  /** The question of the dialog. */
  confirmTitle: ReactNode;
  confirmContent?: ReactNode;
  okText?: string;
  onConfirm: () => unknown;
}

/** A button that asks first (spec §5: approve/reject and similar actions confirm). */
export function ConfirmButton({
  confirmTitle,
  confirmContent,
  okText,
  onConfirm,
  danger,
  ...button
}: ConfirmButtonProps) {
  return (
    <Button
      danger={danger}
      {...button}
      onClick={() => confirmAction({ title: confirmTitle, content: confirmContent, okText, danger, onOk: onConfirm })}
    />
  );
}
