import type { ReactNode } from 'react';
import { Flex, Spin } from 'antd';

/** A centred notice for the moments before the shell exists (sign-in redirects). */
export function FullPageMessage({
  text,
  children,
  spinning = true,
}: {
  text?: string;
  children?: ReactNode;
  spinning?: boolean;
}) {
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh', padding: 24 }}>
      {spinning ? <Spin size="large" /> : null}
      {text ? <p className="full-page-text">{text}</p> : null}
      {children}
    </Flex>
  );
}
