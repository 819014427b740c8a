import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  CLIENT_ROUTES,
  HEAD_MARKER,
  canonicalUrl,
  escapeHtml,
  injectHead,
  pageRoute,
  renderHead,
} from './page-head'
import { formatBRL } from '../../common/rules/money'
import { routes } from '../../common/rules/paths'
import { parsePlaceRef } from '../../common/rules/place-ref'

const HOSTILE = [
  '"><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  `O'Brien "A&B" <b>`,
  '</script><!--',
]

describe('escapeHtml', () => {
  it.each(HOSTILE)('leaves no markup character in %s', (text) => {
    const escaped = escapeHtml(text)
    expect(escaped).not.toMatch(/[<>"']/)
    expect(escaped.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&')
  })

  it('escapes each character once', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f')
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })
})

describe('renderHead and injectHead', () => {
  it.each(HOSTILE)('keeps %s inside its attribute or element', (name) => {
    const html = renderHead({
      title: name,
      description: name,
      canonical: 'https://loja.example/produto/X',
      siteName: name,
      jsonLd: { name },
    })
    expect(html).not.toContain(name)
    expect(html.match(/<\/title>/g)).toHaveLength(1)
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).not.toContain('<!--')
  })

  it('replaces the generic title and description at the marker, and only those', () => {
    const shell = `<head><title>Vitrine</title><meta name="description" content="genérica" />${HEAD_MARKER}<meta name="theme-color" /></head>`
    const html = injectHead(shell, { title: 'Loja', description: 'Compre' })
    expect(html).not.toContain('Vitrine')
    expect(html).not.toContain('genérica')
    expect(html).not.toContain(HEAD_MARKER)
    expect(html).toContain('<title>Loja</title>')
    expect(html).toContain('<meta name="theme-color" />')
  })

  it('keeps the generic title when the page gives none, and writes before </head> without a marker', () => {
    const html = injectHead('<head><title>Vitrine</title></head>', { noindex: true })
    expect(html).toBe(
      '<head><title>Vitrine</title><meta name="robots" content="noindex" />\n  </head>',
    )
  })

  it('says summary_large_image only with a picture', () => {
    const base = { title: 'T', canonical: 'https://loja.example/' }
    expect(renderHead(base)).toContain('content="summary"')
    expect(renderHead({ ...base, image: 'https://loja.example/a.svg' })).toContain(
      'content="summary_large_image"',
    )
  })
})

describe('pageRoute', () => {
  it.each([
    ['/', { kind: 'catalog' }],
    ['/produto/ECPF-A1-12', { kind: 'product', sku: 'ECPF-A1-12' }],
    ['/produto/A%20B/', { kind: 'product', sku: 'A B' }],
    ['/pedido/abc12345', { kind: 'order', token: 'abc12345' }],
    ['/carrinho', { kind: 'client', path: 'carrinho' }],
    ['/minha-conta/pedidos/1001', { kind: 'client', path: 'minha-conta/pedidos/:id' }],
    ['/nao-existe', { kind: 'unknown' }],
    ['/produto', { kind: 'unknown' }],
    ['/produto/a/b', { kind: 'unknown' }],
  ])('%s', (path, expected) => {
    expect(pageRoute(path)).toEqual(expected)
  })

  it('reads a landing link the way LinkLanding does', () => {
    expect(pageRoute('/i/34_k9x')).toEqual({ kind: 'landing', link: parsePlaceRef('i34_k9x') })
    expect(pageRoute('/u/u12_ab3f')).toEqual({ kind: 'landing', link: parsePlaceRef('u12_ab3f') })
    expect(pageRoute('/i/lixo')).toEqual({ kind: 'landing', link: null })
  })

  it('knows every route of the SPA (src/app/router.tsx)', () => {
    const router = readFileSync(new URL('../../src/app/router.tsx', import.meta.url), 'utf8')
    // Its patterns are read from common/rules/paths.ts by name (`path: routes.cart`).
    const expected = [...router.matchAll(/path: routes\.(\w+)/g)].map(
      (m) => routes[m[1] as keyof typeof routes],
    )
    expect(expected.length).toBeGreaterThan(5)
    expect([...CLIENT_ROUTES].filter((r) => r !== '').sort()).toEqual([...expected].sort())
  })
})

describe('canonicalUrl and formatBRL', () => {
  it('keeps the path and the link, drops everything else', () => {
    expect(canonicalUrl('https://loja.example', '/produto/X', parsePlaceRef('i34:k9x'))).toBe(
      'https://loja.example/produto/X?p=i34_k9x',
    )
    expect(canonicalUrl('https://loja.example', '/', null)).toBe('https://loja.example/')
    expect(canonicalUrl('https://loja.example', '/', parsePlaceRef('u12_ab3f'), 'e-CPF & A1')).toBe(
      'https://loja.example/?categoria=e-CPF+%26+A1&p=u12_ab3f',
    )
  })

  it('formats cents as pt-BR reais', () => {
    expect(formatBRL(159_90)).toBe('R$\u00a0159,90')
    expect(formatBRL(123_456)).toBe('R$\u00a01.234,56')
  })
})
