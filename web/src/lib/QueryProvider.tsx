import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { createQueryClient } from './queryClient';

/** One cache for every page that fetches with TanStack Query, made when the first of them loads. */
let client: ReturnType<typeof createQueryClient> | undefined;

/**
 * The data layer for the pages that use it (history, settings, admin, the review). They share one cache;
 * the shell and the recorder do without it, so it is not in the precached JavaScript (issue 19).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  client ??= createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A page wrapped in the data layer, for the router's lazily loaded pages. */
export function withQueries<Props extends object>(Page: ComponentType<Props>): ComponentType<Props> {
  const WithQueries = (props: Props) => (
    <QueryProvider>
      <Page {...props} />
    </QueryProvider>
  );
  WithQueries.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return WithQueries;
}
