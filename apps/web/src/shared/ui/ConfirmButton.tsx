import { useState } from 'react';
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
  /** Called once the dialog has closed (OK or Cancel) and its closing animation ended. */
  afterClose?: () => void;
}

/** Asks for confirmation in a Modal.confirm dialog, then runs `onOk`. */
export function confirmAction({ title, content, okText = 'OK', danger, onOk, afterClose }: ConfirmOptions): void {
  feedback().modal.confirm({
    title,
    content,
    okText,
    cancelText: 'Cancel',
    okButtonProps: { danger },
    onOk: async () => {
      await onOk();
    },
    afterClose,
  });
}

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title' | 'content'> {
  /** The question of the dialog. */
  confirmTitle: ReactNode;
  confirmContent?: ReactNode;
  okText?: string;
  onConfirm: () => unknown;
}

/**
 * A button that asks first (spec §5: approve/reject and similar actions confirm).
 *
 * While its dialog is open the dialog's OK button shows the progress of `onConfirm`, so this button does not spin
 * as well: its `loading` applies only when the dialog is closed (the action was started elsewhere, or `onConfirm`
 * did not wait for it). Besides saying it once, this keeps antd's loading icon from toggling on and off within a
 * fast request, which can leave the icon's leave motion unfinished and the button named "loading …" for good.
 */
export function ConfirmButton({
  confirmTitle,
  confirmContent,
  okText,
  onConfirm,
  danger,
  loading,
  ...button
}: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  return (
    <Button
      danger={danger}
      {...button}
      loading={asking ? false : loading}
      onClick={() => {
        setAsking(true);
        confirmAction({
          title: confirmTitle,
          content: confirmContent,
          okText,
          danger,
          onOk: onConfirm,
          afterClose: () => setAsking(false),
        });
      }}
    />
  );
}
