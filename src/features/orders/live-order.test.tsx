// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderDetail } from '../../../common/contract/schemas/order'
import { announcements } from '../../components/announce'
import { seededOrder, STATE_TOKENS } from '../../testing/seeded-orders'
import {
  describeChange,
  POLL_MS,
  STREAM_DELAY_MS,
  STREAM_POLL_MS,
  useLiveOrder,
} from './live-order'

/** EventSource as the hook uses it: the test opens, sends, refuses. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0
  static OPEN = 1
  static CLOSED = 2
  static all: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.all.push(this)
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  send(body: unknown) {
    this.dispatchEvent(new MessageEvent('order', { data: JSON.stringify(body) }))
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED
    this.dispatchEvent(new Event('error'))
  }
}
const streams = () => FakeEventSource.all.filter((s) => s.readyState !== FakeEventSource.CLOSED)

const KEY = ['order', 'tok']
/** The "wire" body names a seeded order by its token; read() gives the parsed order. */
const read = (body: unknown) => seededOrder((body as { t: string }).t)

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  document.dispatchEvent(new Event('visibilitychange'))
}

function renderLive(initial: OrderDetail, fetchOrder = vi.fn(async () => initial), delayMs = 0) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(KEY, initial)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const hook = renderHook(
    () => {
      // The page's own query (its data already there), which the hook's re-reads refetch.
      useQuery({ queryKey: KEY, queryFn: fetchOrder, staleTime: Infinity })
      return useLiveOrder({
        path: '/orders/tok/events',
        queryKey: KEY,
        read,
        orderOf: (data) => data as OrderDetail | undefined,
        delayMs,
      })
    },
    { wrapper },
  )
  return { client, hook, fetchOrder }
}

beforeEach(() => {
  FakeEventSource.all = []
  announcements.set({ text: '', n: 0 })
  setHidden(false)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('describeChange', () => {
  const pending = seededOrder(STATE_TOKENS.pendingBoletos)
  it('names a payment, a cancellation, and says nothing when nothing seen changed', () => {
    expect(describeChange(pending, { ...pending, statusPayment: 'CONCLUIDO' })).toBe(
      'Pagamento confirmado agora. O pedido foi atualizado.',
    )
    expect(describeChange(pending, { ...pending, statusPayment: 'CANCELADO' })).toBe(
      'Este pedido acaba de ser cancelado.',
    )
    expect(describeChange(pending, structuredClone(pending))).toBeNull()
  })

  it('names one boleto of several paid, and new documents (an invoice)', () => {
    const [first, ...rest] = pending.financialItems
    const onePaid = { ...pending, financialItems: [{ ...first!, status: 'LIQUIDADO' }, ...rest] }
    expect(describeChange(pending, onePaid)).toBe('Uma parcela deste pedido acaba de ser paga.')
    const invoice = {
      ...pending,
      attachmentItems: [
        ...pending.attachmentItems,
        { ...pending.attachmentItems[0]!, type: 1, name: 'nota-fiscal.pdf' },
      ],
    }
    expect(describeChange(pending, invoice)).toBe('Os documentos deste pedido foram atualizados.')
  })
})

describe('useLiveOrder', () => {
  it('follows the order while the tab is visible: an event updates the page and is said', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    const { client, hook } = renderLive(seededOrder(STATE_TOKENS.pendingBoletos))
    expect(streams().map((s) => s.url)).toEqual(['/api/orders/tok/events'])
    act(() => streams()[0]!.send({ t: STATE_TOKENS.paidBoletos }))
    expect((client.getQueryData(KEY) as OrderDetail).statusPayment).toBe('CONCLUIDO')
    expect(hook.result.current).toBe('Pagamento confirmado agora. O pedido foi atualizado.')
    expect(announcements.get().text.replace('\u200b', '')).toBe(hook.result.current)
  })

  it('opens its stream only once the first view has had its seconds; changes meanwhile are caught', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('EventSource', FakeEventSource)
    const { hook } = renderLive(
      seededOrder(STATE_TOKENS.pendingBoletos),
      undefined,
      STREAM_DELAY_MS,
    )
    expect(FakeEventSource.all).toHaveLength(0)
    await act(async () => vi.advanceTimersByTimeAsync(STREAM_DELAY_MS))
    expect(streams()).toHaveLength(1)
    // The first event is the order as it is now: paid in the meantime.
    act(() => streams()[0]!.send({ t: STATE_TOKENS.paidBoletos }))
    expect(hook.result.current).toBe('Pagamento confirmado agora. O pedido foi atualizado.')
  })

  it('an event that changes nothing seen is not said', () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    const { hook } = renderLive(seededOrder(STATE_TOKENS.pendingBoletos))
    act(() => streams()[0]!.send({ t: STATE_TOKENS.pendingBoletos }))
    expect(hook.result.current).toBeNull()
    expect(announcements.get().text).toBe('')
  })

  it('closes the stream in a hidden tab; back in view it reads the order once and follows again', async () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    const paid = seededOrder(STATE_TOKENS.paidBoletos)
    const { hook, fetchOrder } = renderLive(
      seededOrder(STATE_TOKENS.pendingBoletos),
      vi.fn(async () => paid),
    )
    act(() => setHidden(true))
    expect(streams()).toHaveLength(0)
    await act(async () => setHidden(false))
    expect(fetchOrder).toHaveBeenCalledTimes(1)
    expect(streams()).toHaveLength(1)
    // Paid while the tab was away: said on return.
    expect(hook.result.current).toBe('Pagamento confirmado agora. O pedido foi atualizado.')
  })

  it('refused a stream (too many open, no stream there), it reads the order every 30 s while visible', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('EventSource', FakeEventSource)
    const { fetchOrder } = renderLive(seededOrder(STATE_TOKENS.pendingBoletos))
    act(() => streams()[0]!.refuse())
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS))
    expect(fetchOrder).toHaveBeenCalledTimes(1)
    act(() => setHidden(true))
    await act(async () => vi.advanceTimersByTimeAsync(3 * POLL_MS))
    // Never in a background tab.
    expect(fetchOrder).toHaveBeenCalledTimes(1)
  })

  it('told its session ended, it stops following (no reconnect, no poll) and reads once, which asks for a login', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('EventSource', FakeEventSource)
    const { fetchOrder } = renderLive(seededOrder(STATE_TOKENS.pendingBoletos))
    const stream = streams()[0]!
    act(() => stream.open())
    await act(async () => {
      stream.dispatchEvent(new MessageEvent('ended', { data: 'session' }))
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(stream.readyState).toBe(FakeEventSource.CLOSED)
    expect(fetchOrder).toHaveBeenCalledTimes(1)
    await act(async () => vi.advanceTimersByTimeAsync(10 * POLL_MS))
    expect(fetchOrder).toHaveBeenCalledTimes(1)
    expect(streams()).toHaveLength(0)
  })

  it('a change no stream carried (the relay could not re-read it) is caught by a slow read while visible', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('EventSource', FakeEventSource)
    const paid = seededOrder(STATE_TOKENS.paidBoletos)
    const fetchOrder = vi.fn(async () => paid)
    const { hook } = renderLive(seededOrder(STATE_TOKENS.pendingBoletos), fetchOrder)
    act(() => streams()[0]!.open())
    // The stream is open and healthy: no read at the no-stream pace.
    await act(async () => vi.advanceTimersByTimeAsync(2 * POLL_MS))
    expect(fetchOrder).not.toHaveBeenCalled()
    // Paid, but the stream never heard: the page reads the order by itself, and says so.
    await act(async () => vi.advanceTimersByTimeAsync(STREAM_POLL_MS - 2 * POLL_MS))
    expect(fetchOrder).toHaveBeenCalledTimes(1)
    expect(hook.result.current).toBe('Pagamento confirmado agora. O pedido foi atualizado.')
    // Never in a background tab.
    act(() => setHidden(true))
    await act(async () => vi.advanceTimersByTimeAsync(3 * STREAM_POLL_MS))
    expect(fetchOrder).toHaveBeenCalledTimes(1)
  })

  it('an event that overtakes a read on its way wins, and is said once', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('EventSource', FakeEventSource)
    const pending = seededOrder(STATE_TOKENS.pendingBoletos)
    let answer: (order: OrderDetail) => void = () => {}
    const fetchOrder = vi.fn(() => new Promise<OrderDetail>((resolve) => (answer = resolve)))
    const { client } = renderLive(pending, fetchOrder)
    act(() => streams()[0]!.open())
    // The slow read starts, then the stream says paid before it answers.
    await act(async () => vi.advanceTimersByTimeAsync(STREAM_POLL_MS))
    expect(fetchOrder).toHaveBeenCalledTimes(1)
    act(() => streams()[0]!.send({ t: STATE_TOKENS.paidBoletos }))
    expect(announcements.get().n).toBe(1)
    // The read answers with the order as it was when it was asked.
    await act(async () => answer(pending))
    await act(async () => vi.advanceTimersByTimeAsync(10))
    expect((client.getQueryData(KEY) as OrderDetail).statusPayment).toBe('CONCLUIDO')
    expect(client.getQueryState(KEY)?.fetchStatus).toBe('idle')
    expect(announcements.get().n).toBe(1)
  })

  it('without EventSource at all, it polls; unmounted, it stops', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('EventSource', undefined)
    const { fetchOrder, hook } = renderLive(seededOrder(STATE_TOKENS.pendingBoletos))
    await act(async () => vi.advanceTimersByTimeAsync(2 * POLL_MS))
    expect(fetchOrder).toHaveBeenCalledTimes(2)
    hook.unmount()
    await act(async () => vi.advanceTimersByTimeAsync(2 * POLL_MS))
    expect(fetchOrder).toHaveBeenCalledTimes(2)
  })
})
