import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../lib/session';

/** A cache of its own for each render: no answer of an earlier test is shown. */
export function FreshCache({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;
}

/** A screen as the app mounts it: the session, a fresh cache and a router at `at`. */
export function renderWithProviders(ui: ReactNode, at = '/') {
  return render(
    <SessionProvider>
      <FreshCache>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </FreshCache>
    </SessionProvider>,
  );
}
