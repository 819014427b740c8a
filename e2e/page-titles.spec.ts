import type { Page } from '@playwright/test'
import { appAnswers } from './fixtures/app-ready'
import { expect, test } from './fixtures/relay-test'

/**
 * Every page's tab reads right from the first byte: the `<title>` the relay sends is the one
 * the app writes once it runs, so a tab, a bookmark or a history entry never reads "Vitrine"
 * (index.html's) while the app loads, and never changes under the reader when it takes over.
 * The same title server/first-view/page-titles.test.ts pins down word for word, here against the app.
 */

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'
const CATALOG = 'Certificados digitais e acessórios'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }

/** The `<title>` of the HTML the relay answers `path` with, before any script has run. */
async function titleSent(page: Page, url: string): Promise<string | undefined> {
  const html = await (await page.request.get(url)).text()
  return /<title>([^<]*)<\/title>/
    .exec(html)?.[1]
    ?.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!)
}

/** The tab's title once the app has shown the page's heading and named the store. */
async function titleOnceLoaded(page: Page, url: string, heading: string): Promise<string> {
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await appAnswers(page)
  // Both writers of the title have run: the page's heading and the header's store name.
  await page.waitForFunction(() => {
    const root = document.documentElement
    return root.dataset.store !== undefined && root.dataset.pageTitle !== undefined
  })
  return page.title()
}

for (const [path, heading] of [
  ['/', CATALOG],
  ['/?categoria=Certifica%C3%A7%C3%A3o%20Digital%20e-CPF', CATALOG],
  ['/?p=i34_k9x', CATALOG],
  ['/i/34_k9x?utm_source=whatsapp', CATALOG],
  ['/?p=u12_ab3f', CATALOG],
  ['/u/12_ab3f', CATALOG],
  ['/i/lixo', CATALOG],
  ['/produto/ECPF-A1-12', ECPF],
  ['/produto/NAO-EXISTE', 'Produto não encontrado'],
  ['/pedido/7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56', 'Pedido V2026-001004'],
  ['/pedido/ffffffffffffffffffffffffffffffff', 'Pedido não encontrado'],
  ['/carrinho', 'Carrinho'],
  ['/checkout', 'Finalizar compra'],
  ['/termos', 'Termos de compra'],
  ['/entrar', 'Entrar na sua conta'],
  ['/esqueci-senha', 'Recuperar senha'],
  ['/redefinir-senha', 'Criar nova senha'],
  ['/parceiro', 'Seus links de parceiro'],
  ['/nao-existe/mesmo', 'Página não encontrada'],
] as const) {
  test(`${path}: the title sent is the title the app writes`, async ({ page }) => {
    const sent = await titleSent(page, path)
    expect(sent).toMatch(/Certifica Brasil$/)
    expect(await titleOnceLoaded(page, path, heading)).toBe(sent)
  })
}

// A relay of its own: this login does not spend the shared relay's login budget.
test('/minha-conta/pedidos: the title sent is the title the app writes, logged in', async ({
  page,
  offlineRelay: relay,
}) => {
  const login = await page.request.post(`${relay.baseURL}/api/session`, {
    data: { document: '52998224725', password: 'Maria@2026' },
    headers: { Origin: relay.baseURL },
  })
  expect(login.status()).toBe(200)
  const url = `${relay.baseURL}/minha-conta/pedidos`
  const sent = await titleSent(page, url)
  expect(sent).toBe('Meus pedidos — Certifica Brasil')
  expect(await titleOnceLoaded(page, url, 'Meus pedidos')).toBe(sent)
})
