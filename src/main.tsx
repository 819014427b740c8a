import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { createRouter } from './app/router'
import './styles.css'

async function start() {
  // Only the static demo build carries the in-page relay; production builds drop this branch.
  if (import.meta.env.VITE_DEMO === '1') {
    const { startDemo } = await import('./demo/start-demo')
    await startDemo()
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  })
  const root = createRoot(document.getElementById('root')!)
  // A transition lets React yield while it builds the first screen, so a slow phone's main
  // thread is never blocked by one long task (Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createRouter()} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
}

void start()
