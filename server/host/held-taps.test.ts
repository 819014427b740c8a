// @vitest-environment jsdom
import {
  act,
  createElement as h,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
} from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { firstViewHydrated } from '../../src/state/held-taps'
import { useLatePart } from '../../src/state/late-part'
import { deferEntry } from '../first-view/page-render'

/**
 * Taps held before a server-rendered page hydrates (the head script of `deferEntry`) and made
 * again by the app (src/state/held-taps.ts), with React's real hydration in a DOM: a part whose
 * code is a lazy chunk (the card form on an order page) hydrates after the rest, and a tap on it
 * must wait for it, however early it was made.
 */

type HeldWindow = { __vitrineEarlyClicks?: unknown[] }

// React's act() flushes each render and effect before the test looks.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.replaceChildren()
  delete (window as HeldWindow).__vitrineEarlyClicks
})

/** Runs the head script the relay writes into a rendered page, as the browser would. */
function runHeadScript() {
  const { head } = deferEntry(
    '<head><script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/a.css"></head>',
    '<body></body>',
  )
  const body = /<script>([\s\S]*?)<\/script>/.exec(head)![1]!
  new Function(body)()
}

function Counter({ label, latePart }: { label: string; latePart?: boolean }) {
  const [count, setCount] = useState(0)
  const part = useLatePart<HTMLDivElement>()
  return h(
    'div',
    latePart ? part : {},
    h('button', { type: 'button', onClick: () => setCount((n) => n + 1) }, label),
    h('output', null, `${label}: ${count}`),
  )
}

/** The app's root: a part hydrated with the page, and one in a lazy chunk inside Suspense. */
function App({ Late }: { Late: ComponentType }) {
  useEffect(() => firstViewHydrated(), [])
  return h('main', null, h(Counter, { label: 'Adicionar' }), h(Suspense, null, h(Late)))
}

/** The server's markup on the page, the head script holding taps, the chunk not yet loaded. */
function servedPage(latePart: boolean) {
  const LatePart = () => h(Counter, { label: 'Pagar com cartão', latePart })
  const container = document.createElement('div')
  container.innerHTML = renderToString(h(App, { Late: LatePart }))
  document.body.append(container)
  runHeadScript()
  let arrive!: () => void
  const chunk = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: LatePart })
  })
  return { container, Late: lazy(() => chunk), arrive: () => act(async () => arrive()) }
}

const tap = (name: string) =>
  Array.from(document.querySelectorAll('button'))
    .find((b) => b.textContent === name)!
    .click()
const shown = (label: string) =>
  Array.from(document.querySelectorAll('output')).find((o) => o.textContent?.startsWith(label))
    ?.textContent

describe('taps held before the app arrives', () => {
  it('a tap on a lazy part waits for its code, and one made after the rest hydrated does too', async () => {
    const page = servedPage(true)
    tap('Adicionar')
    tap('Pagar com cartão')
    await act(async () => {
      root = hydrateRoot(page.container, h(App, { Late: page.Late }))
    })
    // The page has hydrated: its own tap is made again; the card part is still the server's.
    expect(shown('Adicionar')).toBe('Adicionar: 1')
    expect(shown('Pagar com cartão')).toBe('Pagar com cartão: 0')
    tap('Pagar com cartão')
    expect((window as HeldWindow).__vitrineEarlyClicks).toHaveLength(2)
    await page.arrive()
    // Each tap once, in order, and nothing is held any more.
    expect(shown('Pagar com cartão')).toBe('Pagar com cartão: 2')
    expect(shown('Adicionar')).toBe('Adicionar: 1')
    expect('__vitrineEarlyClicks' in window).toBe(false)
    act(() => tap('Pagar com cartão'))
    expect(shown('Pagar com cartão')).toBe('Pagar com cartão: 3')
  })

  it('a held button says it was taken (aria-busy) until the app makes the tap', async () => {
    const page = servedPage(true)
    const button = (name: string) =>
      Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name)!
    tap('Adicionar')
    tap('Pagar com cartão')
    expect(button('Adicionar').getAttribute('aria-busy')).toBe('true')
    expect(button('Pagar com cartão').getAttribute('aria-busy')).toBe('true')
    await act(async () => {
      root = hydrateRoot(page.container, h(App, { Late: page.Late }))
    })
    expect(button('Adicionar').hasAttribute('aria-busy')).toBe(false)
    // Its part's code is still on the way: still busy.
    expect(button('Pagar com cartão').getAttribute('aria-busy')).toBe('true')
    await page.arrive()
    expect(button('Pagar com cartão').hasAttribute('aria-busy')).toBe(false)
    expect(shown('Pagar com cartão')).toBe('Pagar com cartão: 1')
  })

  it('why: without the mark, React drops a tap made again on a part it has not hydrated', async () => {
    const page = servedPage(false)
    tap('Pagar com cartão')
    await act(async () => {
      root = hydrateRoot(page.container, h(App, { Late: page.Late }))
    })
    await page.arrive()
    expect(shown('Pagar com cartão')).toBe('Pagar com cartão: 0')
  })
})
