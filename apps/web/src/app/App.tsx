import { ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5fd6',
    borderRadius: 6,
    fontSize: 14,
    colorBgLayout: '#f4f6f9',
  },
  components: {
    Layout: { headerBg: '#0f1e3a', headerHeight: 52, headerPadding: '0 16px', siderBg: '#ffffff' },
    Table: { cellPaddingBlockMD: 10 },
    Card: { headerHeightSM: 40 },
  },
};

export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  /** Defaults to the portal theme (tests pass one without motion). */
  themeConfig?: ThemeConfig;
}

/** Providers: theme, server-state cache, router. */
export function App({ router, queryClient, themeConfig = theme }: AppProps) {
  return (
    <ConfigProvider theme={themeConfig} componentSize="middle">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
