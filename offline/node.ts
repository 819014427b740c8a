import { setupServer } from 'msw/node'
import { createOfflineService, type OfflineServiceOptions } from './offline-service'

/** msw/node over a fresh model: every test file gets its own state, in the dialect asked. */
export function setupOfflineServer(options: OfflineServiceOptions = {}) {
  const service = createOfflineService(options)
  const server = setupServer(...service.handlers)
  return { ...service, server }
}
