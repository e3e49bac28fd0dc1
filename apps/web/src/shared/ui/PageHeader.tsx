import type { ReactNode } from 'react';
import { Flex } from 'antd';

export interface PageHeaderProps {
  title: ReactNode;
  /** Shown next to the title (a status tag, an id). */
  tags?: ReactNode;
  /** Actions, right-aligned. */
  extra?: ReactNode;
  description?: ReactNode;
}

/** The heading row every page starts with. */
export function PageHeader({ title, tags, extra, description }: PageHeaderProps) {
  return (
    <div className="page-header">
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <h2 className="page-title">{title}</h2>
          {tags}
        </Flex>
        {extra ? (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        ) : null}
      </Flex>
      {description ? <p className="page-description">{description}</p> : null}
    </div>
  );
}
