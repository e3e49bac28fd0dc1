import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { theme } from './theme';

export { theme };

export interface AppProps {
  queryClient: QueryClient;
  /** Defaults to the portal theme (tests pass one without motion). */
  themeConfig?: ThemeConfig;
  /** The router and its routes. */
  children: ReactNode;
}

/** Providers: theme, server-state cache; the router goes inside. */
export function App({ queryClient, themeConfig = theme, children }: AppProps) {
  return (
    <ConfigProvider theme={themeConfig} componentSize="middle">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
