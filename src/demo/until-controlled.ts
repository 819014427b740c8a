/**
 * MSW's `worker.start()` resolves once *its* worker has said it mocks this page, but the page's
 * requests go to whichever worker controls the page, and that can still be another one for a
 * moment: leaving the demo's last page makes MSW's worker unregister itself, the next page
 * registers a new worker that claims the page, and until the browser has told the page so, its
 * requests go to the old worker, which answers none of them (they reach the static host: 404).
 * The same when the page was loaded past the worker (a hard reload): MSW reloads it then.
 * So the app's first request waits until the page is controlled by the worker that mocks it.
 */
export function untilControlledBy(
  container: Pick<
    ServiceWorkerContainer,
    'controller' | 'addEventListener' | 'removeEventListener'
  >,
  worker: ServiceWorker | null | undefined,
  { timeoutMs = 10_000, onTimeout }: { timeoutMs?: number; onTimeout: () => void },
): Promise<void> {
  const ready = () => worker != null && container.controller === worker
  if (ready()) return Promise.resolve()
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!ready()) return
      clearTimeout(timer)
      container.removeEventListener('controllerchange', check)
      resolve()
    }
    // Never controlled (a browser that keeps the page from its worker): the caller decides,
    // and the app starts anyway rather than show nothing.
    const timer = setTimeout(() => {
      container.removeEventListener('controllerchange', check)
      onTimeout()
      resolve()
    }, timeoutMs)
    container.addEventListener('controllerchange', check)
  })
}
