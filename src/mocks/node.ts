import { setupServer } from 'msw/node'
import { createOfflineService } from './offline-service'
import type { ServiceModelOptions } from './model'

/** msw/node over a fresh model: every test file gets its own state. */
export function setupOfflineServer(options: Partial<ServiceModelOptions> = {}) {
  const service = createOfflineService(options)
  const server = setupServer(...service.handlers)
  return { ...service, server }
}
