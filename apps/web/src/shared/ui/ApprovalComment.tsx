import { Input } from 'antd';

/** The optional comment of an approval decision (loaded with the confirmation that asks for it). */
export function ApprovalComment({ onChange }: { onChange(comment: string): void }) {
  return (
    <Input.TextArea
      aria-label="Comment"
      placeholder="Comment (optional)"
      maxLength={500}
      autoSize={{ minRows: 2, maxRows: 5 }}
      onChange={(e) => onChange(e.target.value.trim())}
    />
  );
}
