// @vitest-environment jsdom
import { act, render } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sanitizeHtml } from '../lib/sanitize-html'
import { sanitizeHtmlOnServer } from '../../common/rules/sanitize-html-server'
import { SafeHtml, ServerSanitizer } from './safe-html'

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

/** The box's markup, without the id React gives it (server and browser agree on it). */
const box = (markup: string) => markup.replace(/ id="[^"]*"/, '')

/** A page holding what the server sent, as the browser has it before hydrating. */
function served(markup: string) {
  const container = document.createElement('div')
  container.innerHTML = markup
  document.body.append(container)
  return container
}

const LEGEND =
  '<p>Agende pelo <a href="https://agenda.exemplo.com.br/?loja=34">portal</a>.</p>' +
  '<script>window.__vitrineInjected = true</script>' +
  '<p><img src="/selo.png" alt="Selo" onerror="window.__vitrineInjected = true"></p>'

function onServer(html: string): string {
  return renderToString(
    <ServerSanitizer sanitize={sanitizeHtmlOnServer}>
      <SafeHtml html={html} className="prose" />
    </ServerSanitizer>,
  )
}

describe('SafeHtml', () => {
  it('on the server, renders the markup sanitised: no empty box to fill in later', () => {
    const markup = onServer(LEGEND)
    expect(box(markup)).toBe(`<div class="prose">${sanitizeHtmlOnServer(LEGEND)}</div>`)
    expect(markup).toContain('portal</a>')
    expect(markup).not.toMatch(/script|onerror/i)
  })

  it('on the server, never calls DOMPurify: it renders with no DOM at all', () => {
    vi.stubGlobal('document', undefined)
    expect(onServer(LEGEND)).toContain('Agende pelo')
  })

  it('a server render given no sanitiser leaves the box empty, never the raw markup', () => {
    vi.stubGlobal('document', undefined)
    expect(box(renderToString(<SafeHtml html={LEGEND} className="prose" />))).toBe(
      '<div class="prose"></div>',
    )
  })

  it('in the browser, renders the DOMPurify output', () => {
    const { container } = render(<SafeHtml html={LEGEND} className="prose" />)
    expect(box(container.innerHTML)).toBe(`<div class="prose">${sanitizeHtml(LEGEND)}</div>`)
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(container.querySelector('script, [onerror]')).toBeNull()
  })

  it('hydrating the server’s markup keeps it, and markup that comes later is sanitised', async () => {
    const container = served(onServer(LEGEND))
    const before = container.innerHTML
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const root = await act(async () =>
      hydrateRoot(container, <SafeHtml html={LEGEND} className="prose" />),
    )
    expect(container.innerHTML).toBe(before)
    expect(container.textContent).toContain('Agende pelo portal.')
    expect(errors).not.toHaveBeenCalled()

    // New markup after hydration is the browser's to sanitise.
    const next = '<p>Nova legenda</p><img src="/x.png" onerror="window.__vitrineInjected = true">'
    await act(async () => root.render(<SafeHtml html={next} className="prose" />))
    expect(container.textContent).toBe('Nova legenda')
    expect(container.querySelector('[onerror]')).toBeNull()
    act(() => root.unmount())
  })

  it('hydration adopts the server’s markup, not DOMPurify’s: where the engines differ, no mismatch', async () => {
    // DOMPurify keeps a data: picture, the server drops its address (sanitize-html-server.test.ts):
    // a browser that sanitised again would hand React other markup, which it reports.
    const html = '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Selo"></p>'
    const container = served(onServer(html))
    const before = container.innerHTML
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const root = await act(async () =>
      hydrateRoot(container, <SafeHtml html={html} className="prose" />),
    )
    expect(container.innerHTML).toBe(before)
    expect(container.querySelector('img')?.hasAttribute('src')).toBe(false)
    expect(errors).not.toHaveBeenCalled()
    act(() => root.unmount())
  })
})
