import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers } from './fixtures/app-ready'
import { expect, test, type InProcessRelay } from './fixtures/relay-test'

/**
 * What an account holder may cancel. In-process, so the journeys neither use the shared
 * webServer's login budget nor change its orders, and can make the service answer otherwise.
 */
const JOAO = { cpf: '111.444.777-35', password: 'Joao@2026' }

async function openAccountOrder(page: Page, relay: InProcessRelay, id: string) {
  await page.goto(
    `${relay.baseURL}/entrar?voltar=${encodeURIComponent(`/minha-conta/pedidos/${id}`)}`,
  )
  await appAnswers(page)
  await page.getByLabel('CPF ou CNPJ').fill(JOAO.cpf)
  await page.getByLabel('Senha', { exact: true }).fill(JOAO.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/minha-conta/pedidos/${id}$`))
}

test('a partly paid order offers no cancel and says why', async ({ page, offlineRelay: relay }) => {
  await openAccountOrder(page, relay, '1008')
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido V2026-001008' })).toBeVisible()
  // Still awaiting its second boleto: only the settled first one keeps it from being cancelled.
  await expect(page.getByText('Aguardando pagamento', { exact: true }).first()).toBeVisible()
  const why = page.getByText(
    /^Este pedido já tem parcela paga e não pode ser cancelado pelo site\. Para cancelar, fale com a loja.*: o valor pago precisa ser estornado antes\.$/,
  )
  await expect(why).toBeVisible()
  // "fale com a loja" reaches the store: its WhatsApp, the first contact it published.
  await expect(why.getByRole('link', { name: /fale com a loja/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/55\d+$/,
  )
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0)
  await expectNoA11yViolations(page)
})

test('a cancel refused for the order’s token keeps the person logged in', async ({
  page,
  offlineRelay: relay,
}) => {
  relay.upstream.intercept = async (request, real) =>
    request.method === 'DELETE'
      ? Response.json(
          { title: 'Forbidden', status: 403, detail: 'Forbidden (Invalid token)' },
          { status: 403 },
        )
      : real(request)
  await openAccountOrder(page, relay, '1005')
  await page.getByRole('button', { name: 'Cancelar pedido' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancelar o pedido V2026-001005?' })
  await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Você continua conectado')
  await expect(dialog.getByRole('alert')).not.toContainText(/Forbidden|token/)
  await expectNoA11yViolations(page)
  await dialog.getByRole('button', { name: 'Manter pedido' }).click()
  await expect(page).toHaveURL(/\/minha-conta\/pedidos\/1005$/)
  // Still logged in: the history opens without a login.
  await page.getByRole('link', { name: /Voltar para meus pedidos/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
})

test('a cancel holds everywhere: after a reload, in the history and on the order’s link in another browser, though the service still says PENDENTE', async ({
  page,
  browser,
  offlineRelay: relay,
}) => {
  const order = relay.ordersOf('11144477735').find((o) => o.detail.id === 1005)!
  // The service accepts the cancel and goes on reading the order as awaiting payment, as the live
  // one does (docs/dialects.md, "A cancel that holds"): what the page shows is the store's own.
  relay.upstream.intercept = async (request, real) => {
    const res = await real(request)
    if (request.method === 'DELETE' && res.ok) order.detail.statusPayment = 'PENDENTE'
    return res
  }
  await openAccountOrder(page, relay, '1005')
  const article = page.getByRole('article')
  await expect(article).toContainText(/Situação do pagamento\s*Aguardando pagamento/)
  await page.getByRole('button', { name: 'Cancelar pedido' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancelar o pedido V2026-001005?' })
  await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Pedido V2026-001005 cancelado.' }),
  ).toBeVisible()
  expect(order.detail.statusPayment).toBe('PENDENTE')

  const cancelledPage = async (p: Page) => {
    await expect(p.getByRole('region', { name: 'Pedido cancelado' })).toBeVisible()
    await expect(p.getByRole('article')).toContainText(/Situação do pagamento\s*Cancelado/)
    await expect(p.getByRole('button', { name: /^Pagar|Cancelar pedido/ })).toHaveCount(0)
    await expect(p.getByRole('link', { name: /Baixar Boleto/i })).toHaveCount(0)
  }
  await cancelledPage(page)
  await page.reload()
  await cancelledPage(page)
  await page.getByRole('link', { name: /Voltar para meus pedidos/ }).click()
  await expect(
    page
      .getByRole('list', { name: 'Meus pedidos' })
      .getByRole('listitem')
      .filter({ hasText: 'Pedido V2026-001005' }),
  ).toContainText('Cancelado')

  // Another browser, nobody logged in: the order's own link, rendered by the server first.
  const other = await browser.newContext()
  const stranger = await other.newPage()
  await stranger.goto(`${relay.baseURL}/pedido/${order.publicToken}`)
  await cancelledPage(stranger)
  await expectNoA11yViolations(stranger)
  await other.close()
})
