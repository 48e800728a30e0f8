import './lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { seedFromBootData } from './app/boot-data';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Doubled slashes are collapsed before the router sees the URL (the server redirects them too).
if (window.location.pathname.includes('//')) {
  window.history.replaceState(null, '', window.location.pathname.replace(/\/{2,}/g, '/') + window.location.search + window.location.hash);
}

const queryClient = createQueryClient();
seedFromBootData(queryClient);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
