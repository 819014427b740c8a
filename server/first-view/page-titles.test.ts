import { describe, expect, it } from 'vitest'
import { shellRoot } from '../testing/shell-root'
import { renderPage } from '../../src/entry-server'
import { buildRelay } from '../relay/testing/test-helpers'
import { mountStatic } from '../host/static-files'

/**
 * Every page's tab reads right from the first byte, over HTTP with the repository's index.html:
 * the pages the browser renders alone (cart, checkout, account) carry the title their heading
 * will give them, not index.html's "Vitrine" until the app has loaded. The journey
 * e2e/page-titles.spec.ts compares each with what the app writes once it runs.
 */
const root = shellRoot('vitrine-titles-')

type Harness = Parameters<typeof buildRelay>[0]
const relay = (options: Harness = {}) =>
  buildRelay({ ...options, mountStatic: mountStatic(root(), { render: renderPage }) })

async function titleOf(path: string, harness = relay()) {
  const res = await harness.request(path)
  const html = await res.text()
  const head = html.slice(0, html.indexOf('</head>'))
  expect(head.match(/<title>/g), path).toHaveLength(1)
  return { status: res.status, title: /<title>([^<]*)<\/title>/.exec(head)?.[1] }
}

describe('the title of every page, from the first byte', () => {
  it.each([
    ['/carrinho', 'Carrinho — Certifica Brasil'],
    ['/checkout', 'Finalizar compra — Certifica Brasil'],
    ['/termos', 'Termos de compra — Certifica Brasil'],
    ['/entrar', 'Entrar na sua conta — Certifica Brasil'],
    ['/entrar?voltar=%2Fminha-conta%2Fpedidos', 'Entrar na sua conta — Certifica Brasil'],
    ['/esqueci-senha', 'Recuperar senha — Certifica Brasil'],
    ['/redefinir-senha', 'Criar nova senha — Certifica Brasil'],
    ['/minha-conta/pedidos', 'Meus pedidos — Certifica Brasil'],
    ['/parceiro', 'Seus links de parceiro — Certifica Brasil'],
    ['/parceiro?link=i34_k9x', 'Seus links de parceiro — Certifica Brasil'],
    // Its order's code needs the session, which the server never reads for a page.
    ['/minha-conta/pedidos/1001', 'Meus pedidos — Certifica Brasil'],
  ])('%s is titled “%s”', async (path, title) => {
    const p = await titleOf(path)
    expect(p.status).toBe(200)
    expect(p.title).toBe(title)
  })

  it('a path no route matches: the not-found page’s title, 404', async () => {
    expect(await titleOf('/nao-existe/mesmo')).toEqual({
      status: 404,
      title: 'Página não encontrada — Certifica Brasil',
    })
  })

  it('an unknown order: the order’s not-found title, 404', async () => {
    expect(await titleOf('/pedido/ffffffffffffffffffffffffffffffff')).toEqual({
      status: 404,
      title: 'Pedido não encontrado — Certifica Brasil',
    })
  })

  it('a landing whose link is broken: the catalog it goes on to', async () => {
    expect((await titleOf('/i/lixo')).title).toBe('Certifica Brasil')
  })

  it.each(['/?p=i34_k9x', '/i/34_k9x', '/?p=u12_ab3f', '/u/12_ab3f'])(
    'a link’s landing %s is the catalog in the tab, as the app titles it',
    async (path) => {
      expect((await titleOf(path)).title).toBe('Certifica Brasil')
    },
  )

  it('without the store’s name (the service down), the page’s own words', async () => {
    const down = relay({ upstream: () => Promise.reject(new TypeError('fetch failed')) })
    expect((await titleOf('/carrinho', down)).title).toBe('Carrinho')
    expect((await titleOf('/nao-existe', down)).title).toBe('Página não encontrada')
  })
})
