// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deferEntry } from '../first-view/page-render'

/**
 * When a rendered page asks for its app (the script `deferEntry` puts at the end of the body):
 * after the first screen's pictures have loaded and been decoded, so they paint with the page
 * instead of sharing a slow link with the modules, and never later than a bound.
 */

let decoded: { resolve: () => void; reject: (error: Error) => void }[] = []

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] })
  decoded = []
  // jsdom decodes nothing: each picture's decode is the test's to finish.
  HTMLImageElement.prototype.decode = () =>
    new Promise<void>((resolve, reject) => decoded.push({ resolve, reject }))
})
afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

/** The server's page with its pictures, and the starter run as the browser would at its end. */
function servedPage(pictures: string) {
  const { tail } = deferEntry(
    '<head><script type="module" src="/assets/index.js"></script></head>',
    '<body></body>',
  )
  document.body.innerHTML = pictures
  const starter = /<script>([\s\S]*?)<\/script>/.exec(tail)![1]!
  new Function(starter)()
}

const appAsked = () => document.querySelector('script[type="module"][src="/assets/index.js"]')

/** Promise callbacks, then the frame and the timer the starter waits for. */
async function nextFrame() {
  await vi.advanceTimersByTimeAsync(20)
}

describe('a rendered page asks for its app', () => {
  it('once the first screen’s pictures are decoded, not while they are on their way', async () => {
    servedPage(
      '<img fetchpriority="high" src="/img/a?w=960"><img fetchpriority="high" src="/img/b?w=240">' +
        '<img loading="lazy" src="/img/c?w=240">',
    )
    // Only the first screen's two: a lazy picture further down is nobody's wait.
    expect(decoded).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(appAsked()).toBeNull()
    decoded[0]!.resolve()
    await nextFrame()
    expect(appAsked()).toBeNull()
    // A picture that cannot be shown is not waited for either.
    decoded[1]!.reject(new Error('EncodingError'))
    await nextFrame()
    expect(appAsked()).not.toBeNull()
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1)
  })

  it('one frame after the first paint on a page without pictures on its first screen', async () => {
    servedPage('<main><p>Pedido recebido</p></main>')
    expect(appAsked()).toBeNull()
    await nextFrame()
    expect(appAsked()).not.toBeNull()
  })

  it('once the first paint is on screen, where the browser tells when that is', async () => {
    type Entries = { getEntriesByName(name: string): unknown[] }
    let report: ((list: Entries) => void) | undefined
    let watching = false
    class PaintObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint']
      constructor(callback: (list: Entries, observer: PaintObserver) => void) {
        report = (list) => callback(list, this)
      }
      observe(options: { type: string }) {
        watching = options.type === 'paint'
      }
      disconnect() {
        watching = false
      }
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver)
    servedPage('<main><p>Pedido recebido</p></main>')
    expect(watching).toBe(true)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(appAsked()).toBeNull()
    report!({ getEntriesByName: (name) => (name === 'first-paint' ? [{}] : []) })
    await nextFrame()
    expect(appAsked()).toBeNull()
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) })
    await nextFrame()
    expect(appAsked()).not.toBeNull()
    expect(watching).toBe(false)
  })

  it('after 2.5 s at most when a picture never comes', async () => {
    servedPage('<img fetchpriority="high" src="/img/slow?w=960">')
    await vi.advanceTimersByTimeAsync(2_400)
    expect(appAsked()).toBeNull()
    await vi.advanceTimersByTimeAsync(100)
    expect(appAsked()).not.toBeNull()
  })

  it('after 250 ms in a tab opened in the background, which paints nothing', async () => {
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true)
    servedPage('<img fetchpriority="high" src="/img/a?w=960">')
    await vi.advanceTimersByTimeAsync(250)
    expect(appAsked()).not.toBeNull()
  })
})
