/**
 * The re-reads a webhook asks for (routes/webhooks.ts): operation 5 with the store's ERP key, a
 * few times with backoff while the service fails, coalesced per store and order. Why per
 * instance and not claimed across instances: docs/decisions/001-webhook-rereads-per-instance.md.
 */
import type { Tenant } from '../http/types'
import type { OperationResult, UpstreamClient } from '../upstream/upstream'

/** Re-read attempts when the service fails, and the waits between them (doubling). */
const REREAD_ATTEMPTS = 3
const REREAD_BACKOFF_MS = 1_000

/** The least time between two re-reads of one order. */
const REREAD_SPACING_MS = 1_000

export interface OrderRereadDeps {
  upstream: UpstreamClient
  now: () => number
  /** The relay's sleep (rate-limits.ts relaySleep): the tests' clock can move it. */
  sleep: (ms: number) => Promise<unknown>
}

/**
 * Re-reads of one order, coalesced: a webhook that arrives while one is on its way waits for
 * the next, which every webhook arriving meanwhile shares and which starts no sooner than
 * REREAD_SPACING_MS after the last one did. The service's retries and a sender replaying one
 * event a thousand times cost a read a second per order, not a read each; a change made after
 * a read started is still read (the next one), never lost to a repeat.
 */
export function coalescedRereads(
  deps: OrderRereadDeps,
): (tenant: Tenant, id: string) => Promise<OperationResult> {
  const { sleep } = deps

  /** Operation 5 with the ERP key, a few times with backoff while the service fails. */
  async function reread(tenant: Tenant, id: string): Promise<OperationResult> {
    let result: OperationResult = { kind: 'failure', status: 502, reason: 'not tried' }
    for (let attempt = 1; attempt <= REREAD_ATTEMPTS; attempt++) {
      result = await deps.upstream.run(tenant, 'readOrder', { id })
      if (result.kind !== 'failure') return result
      if (attempt < REREAD_ATTEMPTS) await sleep(REREAD_BACKOFF_MS * 2 ** (attempt - 1))
    }
    return result
  }

  interface Rereading {
    done: Promise<OperationResult>
    startedAt: number
    /** The read the webhooks that came after this one started share. */
    next?: Promise<OperationResult>
  }
  /** By store and order: the last re-read, kept REREAD_SPACING_MS after it started. */
  const rereading = new Map<string, Rereading>()

  return function coalescedReread(tenant: Tenant, id: string): Promise<OperationResult> {
    const key = `${tenant.origin} ${id}`
    const launch = () => {
      const entry: Rereading = { startedAt: deps.now(), done: reread(tenant, id) }
      rereading.set(key, entry)
      // Let go once its spacing is over and nobody waits on a next one.
      const forget = () => {
        if (rereading.get(key) === entry && !entry.next) rereading.delete(key)
      }
      void entry.done.finally(() => setTimeout(forget, REREAD_SPACING_MS))
      return entry.done
    }
    const held = rereading.get(key)
    if (!held) return launch()
    held.next ??= held.done.then(async () => {
      const wait = held.startedAt + REREAD_SPACING_MS - deps.now()
      if (wait > 0) await sleep(wait)
      return launch()
    })
    return held.next
  }
}
