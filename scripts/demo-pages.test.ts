import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  fileOfPage,
  inlineScriptHashes,
  OTHER_ADDRESS,
  renderedPage,
  shellPage,
  withoutApiPreloads,
} from './demo-pages'

/** What scripts/prerender-demo.ts does to a page before it is a file of the static demo. */

const SHELL = readFileSync('index.html', 'utf8')

describe('the static demo pages', () => {
  it('puts each page where a plain static server looks for a folder: its index.html', () => {
    expect(fileOfPage('/')).toBe('index.html')
    expect(fileOfPage('/produto/TOKEN-USB')).toBe('produto/TOKEN-USB/index.html')
    expect(fileOfPage('/produto/A%20B')).toBe('produto/A B/index.html')
    // A name that would leave its folder (a SKU is the service's text) is no page to write.
    for (const path of ['/produto/%2E%2E', '/produto/a%2Fb', '/produto/a%5Cb']) {
      expect(() => fileOfPage(path)).toThrow(/no file/)
    }
  })

  it('sends no /api preload to the host, which has no /api', () => {
    expect(SHELL).toContain('href="/api/products?p="')
    const page = withoutApiPreloads(SHELL)
    expect(page).not.toContain('/api/')
    expect(page).not.toContain("The catalog's data")
  })

  it('allows a file’s inline scripts by hash', () => {
    const page =
      '<script>go()</script><script type="application/json" id="x">{}</script>' +
      '<script type="module" src="/a.js"></script><script>go()</script>'
    const hash = createHash('sha256').update('go()').digest('base64')
    // One script run twice is one hash; data blocks and files need none.
    expect(inlineScriptHashes([page, page])).toEqual([`'sha256-${hash}'`])
  })

  it('writes a rendered page with its address, ahead of the stylesheet, and its tail last', () => {
    const html = SHELL.replace('<div id="root"></div>', '<div id="root"><main>…</main></div>')
    const page = renderedPage(html, {
      path: '/produto/A%20%22B',
      builtOrigin: 'https://vitrine-demo.invalid',
      entry: '/assets/index-1.js',
    })
    const head = page.slice(0, page.indexOf('</head>'))
    expect(head).toContain('<meta name="vitrine-demo-page" content="/produto/A &quot;B" />')
    expect(head.indexOf(OTHER_ADDRESS)).toBeGreaterThan(head.indexOf('<meta charset="UTF-8" />'))
    const tail = page.slice(page.indexOf('</main></div>'))
    expect(tail).toContain('"/assets/index-1.js"')
    expect(tail).toContain('"https://vitrine-demo.invalid"')
    expect(() =>
      renderedPage('<meta charset="UTF-8" />', { path: '/', builtOrigin: '', entry: '' }),
    ).toThrow()
    // A shell only takes its address without a folder's slash.
    expect(shellPage(SHELL)).not.toContain(OTHER_ADDRESS)
    expect(shellPage(SHELL)).toContain('history.replaceState')
  })
})
