import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { untilControlledBy } from './until-controlled'

/** A page's `navigator.serviceWorker`: the worker controlling it, and the event saying it changed. */
function pageContainer(controller: object | null) {
  const events = new EventTarget()
  return {
    controller: controller as ServiceWorker | null,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    controlledBy(worker: object) {
      this.controller = worker as ServiceWorker
      events.dispatchEvent(new Event('controllerchange'))
    },
  }
}

describe('the demo starts its app once the worker that mocks it controls the page', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('goes on at once when the page is already that worker’s', async () => {
    const worker = {} as ServiceWorker
    const onTimeout = vi.fn()
    await untilControlledBy(pageContainer(worker), worker, { onTimeout })
    expect(onTimeout).not.toHaveBeenCalled()
  })

  it('waits while the page is still the old worker’s (which answers nothing), then goes on', async () => {
    const old = {}
    const worker = {} as ServiceWorker
    const container = pageContainer(old)
    const onTimeout = vi.fn()
    let started = false
    const waiting = untilControlledBy(container, worker, { onTimeout }).then(() => (started = true))
    await vi.advanceTimersByTimeAsync(500)
    expect(started).toBe(false)
    // Another change that is not the worker's is not enough either.
    container.controlledBy({})
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toBe(false)
    container.controlledBy(worker)
    await waiting
    expect(onTimeout).not.toHaveBeenCalled()
  })

  it('a page no worker ever takes: the caller is told once, and the app starts anyway', async () => {
    const onTimeout = vi.fn()
    let started = false
    void untilControlledBy(pageContainer(null), {} as ServiceWorker, {
      timeoutMs: 1_000,
      onTimeout,
    }).then(() => (started = true))
    await vi.advanceTimersByTimeAsync(999)
    expect(started).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(onTimeout).toHaveBeenCalledTimes(1)
    expect(started).toBe(true)
  })
})
