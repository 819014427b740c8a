import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
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
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  )
}

void start()
