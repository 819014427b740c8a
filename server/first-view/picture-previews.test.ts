import { describe, expect, it } from 'vitest'
import { shellRoot } from '../testing/shell-root'
import { renderPage } from '../../src/entry-server'
import { ACCEPT, photo, pictureOf, pictureRelay } from '../relay/testing/picture-test-kit'
import { mountStatic } from '../host/static-files'

/**
 * Rendered pages over a relay that resizes pictures: the page and its handover name the
 * pictures by their `/img/` address (the render reads through the same routes as the browser),
 * and the link preview is an absolute address a crawler can fetch, at a preview's width.
 */
const root = shellRoot('vitrine-picture-pages-')

describe('rendered pages with the picture pipeline', () => {
  it("a product page's HTML and og:image name its picture by the relay's address", async () => {
    const relay = pictureRelay({ mountStatic: mountStatic(root(), { render: renderPage }) })
    const res = await relay.request('/produto/TOKEN-USB')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain('/produtos/token-usb.webp')
    expect(html).toMatch(/\/img\/[\w-]+\.[\w-]{22}/)
    const og = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1]
    expect(og).toMatch(/^https?:\/\/[^/]+\/img\/[\w-]+\.[\w-]{22}\?w=1280$/)

    // What a crawler gets there: a picture it can show (JPEG/PNG to `*/*`).
    const url = new URL(og!)
    relay.host.set(
      'http://servico.offline/produtos/token-usb.webp',
      async () => new Response((await photo(300, 225)).slice()),
    )
    const picture = await relay.request(`${url.pathname}${url.search}`, {
      headers: { Accept: ACCEPT.crawler },
    })
    expect(picture.headers.get('content-type')).toBe('image/jpeg')
    expect(await pictureOf(picture)).toMatchObject({ width: 300, height: 225 })
  })
})
