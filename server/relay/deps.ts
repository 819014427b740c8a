import type { RouteDeps } from './routes/route-deps'
import { deriveSessionKey } from './sessions/session-seal'
import { MemorySessionStore } from './sessions/session-store'
import { MemoryOrderLinkStore } from './orders/order-links'
import { MemoryAcceptedCancels } from './orders/accepted-cancels'
import type { OrderChangeHub } from './orders/order-changes'
import { OrderStreams } from './orders/order-streams'
import { createUpstreamClient } from './upstream/upstream'
import { createReadCache } from './upstream/read-cache'
import type { RelayOptions } from './options'

/**
 * What every route module gets (RouteDeps), built once per relay from its options: the stores a
 * deployment did not give (sessions, order links, accepted cancels) in memory, per instance.
 */
export function createRouteDeps(
  options: RelayOptions,
  now: () => number,
  orderChanges: OrderChangeHub,
): RouteDeps {
  return {
    upstream: createUpstreamClient(options.upstream, options.log, options.metrics),
    options,
    sessionKey: deriveSessionKey(options.sessionSecret),
    sessions: options.sessions ?? new MemorySessionStore(now),
    orderLinks: options.orderLinks ?? new MemoryOrderLinkStore(now),
    acceptedCancels: options.acceptedCancels ?? new MemoryAcceptedCancels(now),
    now,
    log: options.log,
    readCache: createReadCache(now, options.publicCacheMs ?? 2_000),
    orderChanges,
    orderStreams: new OrderStreams(
      orderChanges,
      options.orderStreams,
      options.metrics,
      options.log,
    ),
    pictures: options.images?.({
      upstream: options.upstream,
      sessionSecret: options.sessionSecret,
      log: options.log,
    }),
  }
}
