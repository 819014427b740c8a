import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import { announce } from '../../components/announce'
import { tAccount } from '../../../common/words/pt-br-account'
import { orderState } from './order-truth'

/** Where the stream cannot be had (no EventSource, the relay refused it): a gentle poll. */
export const POLL_MS = 30_000

/**
 * With a stream open, the order is still read this often while visible: a change whose webhook
 * the relay could not re-read (the service down through all its retries) never reaches any
 * stream, and this is how the page catches up with it anyway. Slow, since the stream carries
 * every change the relay could read.
 */
export const STREAM_POLL_MS = 120_000

/**
 * The stream opens this long after the page has its order, not with it: the first seconds are
 * the first view's (a slow phone's connections and CPU), and a connection that never ends
 * would keep "the network busy" for whatever waits on a quiet one (a crawler, Lighthouse).
 * Nothing is lost: the stream's first event is the order as it is when it opens.
 */
export const STREAM_DELAY_MS = 3_000

/**
 * What changed between two reads of an order, in the words the page says when it changes by
 * itself (paid, cancelled, its documents); null when nothing the customer sees did.
 */
export function describeChange(before: OrderDetail, after: OrderDetail): string | null {
  const words = tAccount.live
  if (before.statusPayment !== after.statusPayment) {
    const state = orderState(after.statusPayment)
    return state === 'paid' ? words.paid : state === 'cancelled' ? words.cancelled : words.updated
  }
  const settled = (order: OrderDetail) =>
    order.financialItems.filter((item) => item.status === 'LIQUIDADO').length
  if (settled(before) !== settled(after)) return words.installmentPaid
  const documents = (order: OrderDetail) =>
    order.attachmentItems.map((a) => `${a.type}:${a.name}`).join('|')
  if (documents(before) !== documents(after)) return words.documents
  if (before.status !== after.status) return words.updated
  return null
}

/**
 * Keeps an open order page current without a reload. The relay streams the order as the
 * service's webhooks say it changed (`GET /api/…/events`, Server-Sent Events: each `order`
 * event is the same body the page's own read answers); the stream is open only while the tab
 * is visible (a hidden tab costs the relay nothing), and coming back reads the order once and
 * opens it again. EventSource itself reconnects after a dropped connection, sending the last
 * event's id. Where there is no stream (no EventSource, or the relay refused it: too many open,
 * the static demo) the order is read again every POLL_MS while the tab is visible; with one, every
 * STREAM_POLL_MS, for the changes the relay could not read.
 *
 * Only what arrives this way is said (aria-live) and returned as `change`, for a visible cue:
 * what the customer did on the page (a card payment, a cancel) has its own words already.
 */
export function useLiveOrder({
  path,
  queryKey,
  read,
  orderOf,
  delayMs = STREAM_DELAY_MS,
}: {
  /** The stream's address under /api; undefined: nothing to follow yet. */
  path: string | undefined
  queryKey: QueryKey
  /** The event's body as the query's data (the query's own schema). */
  read: (body: unknown) => unknown
  /** The order inside the query's data. */
  orderOf: (data: unknown) => OrderDetail | undefined
  /** How long after mounting the stream opens (tests: 0). */
  delayMs?: number
}): string | null {
  const queryClient = useQueryClient()
  const [change, setChange] = useState<string | null>(null)
  const live = useRef({ queryKey, read, orderOf })
  live.current = { queryKey, read, orderOf }
  const key = JSON.stringify(queryKey)

  useEffect(() => {
    if (!path) return
    const known = () => live.current.orderOf(queryClient.getQueryData(live.current.queryKey))
    const tell = (before: OrderDetail | undefined) => {
      const after = known()
      const words = before && after ? describeChange(before, after) : null
      if (!words) return
      announce(words)
      setChange(words)
    }
    // Events heard so far, and the last one's order: a read that an event overtook (asked
    // before the event, answered after it) is older than the event, so the event's order is put
    // back and nothing is said again (the event has said it).
    let heard = 0
    let lastHeard: unknown
    /** Reads the order again (back to a visible tab, a poll) and says what changed. */
    const reread = async () => {
      const before = known()
      const heardBefore = heard
      await queryClient.refetchQueries({ queryKey: live.current.queryKey, type: 'active' })
      if (heard === heardBefore) tell(before)
      else queryClient.setQueryData(live.current.queryKey, lastHeard)
    }
    let source: EventSource | undefined
    let poll: { ms: number; timer: ReturnType<typeof setInterval> } | undefined
    const pollEvery = (ms: number) => {
      if (poll?.ms === ms) return
      clearInterval(poll?.timer)
      const timer = setInterval(() => {
        if (!document.hidden) void reread()
      }, ms)
      poll = { ms, timer }
    }
    const open = () => {
      if (typeof EventSource === 'undefined') return pollEvery(POLL_MS)
      const stream = new EventSource(`/api${path}`)
      source = stream
      stream.addEventListener('order', (event) => {
        const before = known()
        try {
          const data = live.current.read(JSON.parse((event as MessageEvent<string>).data))
          heard++
          lastHeard = data
          queryClient.setQueryData(live.current.queryKey, data)
          tell(before)
        } catch {
          // A body the page cannot read: its own read decides what to show.
          void reread()
        }
      })
      // An account's stream says last that its session is over (a logout here or on another
      // device, an expiry): no reconnecting; the page reads again, which asks for a login.
      stream.addEventListener('ended', () => {
        stream.close()
        if (source === stream) source = undefined
        clearInterval(poll?.timer)
        poll = undefined
        void reread()
      })
      stream.addEventListener('open', () => pollEvery(STREAM_POLL_MS))
      stream.addEventListener('error', () => {
        // CONNECTING: the browser tries again by itself. CLOSED: refused for good (not a stream).
        if (stream.readyState !== EventSource.CLOSED) return
        if (source === stream) source = undefined
        pollEvery(POLL_MS)
      })
    }
    let later: ReturnType<typeof setTimeout> | undefined
    const close = () => {
      clearTimeout(later)
      later = undefined
      source?.close()
      source = undefined
    }
    const onVisibility = () => {
      if (document.hidden) return close()
      if (source) return
      void reread()
      open()
    }
    if (document.hidden) {
      // Opened when the tab is shown (onVisibility).
    } else if (delayMs > 0) later = setTimeout(open, delayMs)
    else open()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      close()
      clearInterval(poll?.timer)
    }
  }, [path, key, queryClient, delayMs])

  return change
}
