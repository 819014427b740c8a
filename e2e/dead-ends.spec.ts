import { expectNoA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/relay-test'

/**
 * Every "fale com a loja" leads somewhere, and a guest can keep the one thing that brings them
 * back to an order: its link. Certifica Brasil publishes a WhatsApp, an e-mail and a phone
 * (offline/data/tenant-certifica.ts); Digital Sul publishes no company details at all and
 * sells only to accounts (tenant-digital-sul.ts).
 */
const OVERDUE = { path: '/pedido/d8b3f5a1c7e24d96b0a4c2e8f6d13b77', code: 'V2026-001007' }
const UNKNOWN = '/pedido/0000000000000000ffffffffffffffff'
const STORE_WHATSAPP = 'https://wa.me/5511940028922'

test("the footer's WhatsApp number opens a WhatsApp chat, not the dialler", async ({ page }) => {
  await page.goto('/')
  const company = page.getByRole('contentinfo').getByRole('group', { name: 'Dados da empresa' })
  const whatsapp = company.getByRole('link', { name: /^\(11\) 94002-8922/ })
  await expect(whatsapp).toHaveAttribute('href', STORE_WHATSAPP)
  await expect(company).toContainText('WhatsApp: (11) 94002-8922')
  await expect(company.getByRole('link', { name: '(11) 4002-8922' })).toHaveAttribute(
    'href',
    'tel:+551140028922',
  )
  await expectNoA11yViolations(page)
})

test('the order page sends its link to the buyer’s own WhatsApp or e-mail, and nothing personal', async ({
  page,
}) => {
  await page.goto(OVERDUE.path)
  await expect(
    page.getByRole('heading', { level: 1, name: `Pedido ${OVERDUE.code}` }),
  ).toBeVisible()
  const link = `${new URL(page.url()).origin}${OVERDUE.path}`
  // What the store knows of this buyer, so it can be looked for in the messages.
  const order = (await (await page.request.get(`/api/orders${OVERDUE.path.slice(7)}`)).json()) as {
    data: { user: { name: string; document: string; email: string | null } }
  }
  const { name, document, email } = order.data.user
  const personal = [name, document, email, name.split(' ')[0]!].filter(
    (v): v is string => !!v && v.length > 2,
  )

  const whatsapp = page.getByRole('link', { name: /^Enviar para meu WhatsApp/ })
  const waHref = (await whatsapp.getAttribute('href')) ?? ''
  expect(waHref).toMatch(/^https:\/\/wa\.me\/\?text=/)
  const waText = new URL(waHref).searchParams.get('text') ?? ''
  expect(waText).toBe(`Acompanhe o pedido pelo link: ${link}`)

  const mail = page.getByRole('link', { name: 'Enviar para meu e-mail' })
  const mailHref = (await mail.getAttribute('href')) ?? ''
  expect(mailHref).toMatch(/^mailto:\?subject=/)
  const fields = new URLSearchParams(mailHref.slice('mailto:?'.length))
  expect(fields.get('subject')).toBe('Link do meu pedido')
  expect(fields.get('body')).toBe(`Acompanhe o pedido pelo link: ${link}`)

  for (const message of [waText, fields.get('subject') ?? '', fields.get('body') ?? '']) {
    for (const value of personal) expect(message).not.toContain(value)
    expect(message).not.toMatch(/@|\d{3}\.\d{3}|R\$/)
  }

  // The overdue boleto's "Fale com a loja" is the store's WhatsApp.
  const state = page.getByRole('region', { name: 'Boleto vencido' })
  await expect(state.getByRole('link', { name: /^Fale com a loja pelo WhatsApp/ })).toHaveAttribute(
    'href',
    STORE_WHATSAPP,
  )
  await expectNoA11yViolations(page)
})

test('"Pedido não encontrado" shows a guest where the link is, an account holder where to log in, and the store', async ({
  page,
}) => {
  const response = await page.goto(UNKNOWN)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido não encontrado' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main).toContainText('Confira se o endereço foi copiado inteiro')
  await expect(main).toContainText('Comprou sem conta?')
  await expect(main).toContainText('como no seu WhatsApp ou e-mail')
  await expect(main).toContainText('Tem conta na loja?')
  await expect(main.getByRole('link', { name: 'Ver meus pedidos' })).toBeVisible()
  await expect(main.getByRole('link', { name: /^Fale com a loja pelo WhatsApp/ })).toHaveAttribute(
    'href',
    STORE_WHATSAPP,
  )
  await expectNoA11yViolations(page)
})

test.describe('a store that published no contact', () => {
  test.use({ relayTenant: 1 })

  test('says so, instead of "fale com a loja" with no way to reach it', async ({
    page,
    offlineRelay: relay,
  }) => {
    // A login-first store: a new buyer has no account and no sign-up.
    await page.goto(`${relay.baseURL}/entrar`)
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar na sua conta' })).toBeVisible()
    const main = page.getByRole('main')
    await expect(main).toContainText(
      'esta loja não publicou telefone, WhatsApp nem e-mail aqui: peça o seu acesso a quem enviou o link da loja',
    )
    await expect(main).not.toContainText(/fale com a loja/i)
    await expectNoA11yViolations(page)

    await page.goto(`${relay.baseURL}${UNKNOWN}`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pedido não encontrado' }),
    ).toBeVisible()
    await expect(page.getByRole('main')).toContainText(
      'Esta loja não publicou telefone, WhatsApp nem e-mail no site.',
    )
    await expect(page.getByRole('main').getByRole('link', { name: /Fale com a loja/ })).toHaveCount(
      0,
    )
    await expectNoA11yViolations(page)
  })
})
