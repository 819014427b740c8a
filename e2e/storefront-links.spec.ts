import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'

/** Referrer and unit links: banner, payment options, fallback, and the visit's memory. */

const banner = (page: Page) => page.getByRole('complementary', { name: 'Origem da visita' })
const offers = (page: Page) =>
  page.getByRole('region', { name: 'Formas de pagamento' }).getByRole('listitem')
const visit = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('vitrine.visita') ?? 'null') as unknown)

const REFERRER = 'Contabilidade Ribeiro & Associados'
// Its options are plans: card 1x, 3x and 12x, boleto at once or in 2x.
const REFERRER_OPTIONS = ['Cartão de crédito em 1x, 3x ou 12x', 'Boleto à vista', 'Boleto em 2x']
const STORE_OPTIONS = ['Cartão de crédito em 1x, 2x, 3x, 6x ou 12x', 'Boleto à vista']

test('a referrer link shows the referrer, its picture and options incl. boleto; the cart too', async ({
  page,
}) => {
  await page.goto('/?p=i34_k9x&utm_source=newsletter')
  await expect(banner(page)).toContainText(`Você chegou pelo parceiro ${REFERRER}`)
  const picture = banner(page).getByRole('img', { name: `Logotipo da ${REFERRER}` })
  await expect(picture).toBeVisible()
  // Loaded, not only laid out: a picture has its box before its bytes (a broken one never loads).
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
  await expect(offers(page)).toHaveText(REFERRER_OPTIONS)
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()
  await expect
    .poll(() => visit(page))
    .toEqual({
      version: 2,
      data: { ref: 'i34_k9x', utm: { utmSource: 'newsletter' }, savedAt: expect.any(Number) },
    })
  await expectNoA11yViolations(page)

  await page
    .getByRole('button', { name: 'Adicionar Certificado Digital e-CPF A1 – 12 meses ao carrinho' })
    .click()
  await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await expect(banner(page)).toContainText(REFERRER)
  await expect(offers(page)).toHaveText([
    'em até 12x a partir de R$ 13,32 no cartão',
    'boleto à vista',
    'boleto em 2x de R$ 79,95',
  ])
})

test('the link survives navigation and a new page load within the visit', async ({ page }) => {
  await page.goto('/?p=i34_k9x&utm_campaign=natal')
  await expect(banner(page)).toContainText(REFERRER)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de compra' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de compra' })).toBeVisible()
  await expect(banner(page)).toContainText(REFERRER)
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Certifica Brasil/ })
    .click()
  await expect(page).toHaveURL(/\/$/)
  await expect(banner(page)).toContainText(REFERRER)
  await expect(offers(page)).toHaveText(REFERRER_OPTIONS)

  await page.goto('/termos')
  await expect(banner(page)).toContainText(REFERRER)
  await expect
    .poll(() => visit(page))
    .toEqual({
      version: 2,
      data: { ref: 'i34_k9x', utm: { utmCampaign: 'natal' }, savedAt: expect.any(Number) },
    })
})

test('the path form /i/34_k9x lands on the store with the referrer', async ({ page }) => {
  await page.goto('/i/34_k9x?utm_medium=whatsapp')
  await expect(page).toHaveURL(/\/\?utm_medium=whatsapp$/)
  await expect(banner(page)).toContainText(REFERRER)
  await expect(offers(page)).toHaveText(REFERRER_OPTIONS)
  await expect
    .poll(() => visit(page))
    .toEqual({
      version: 2,
      data: { ref: 'i34_k9x', utm: { utmMedium: 'whatsapp' }, savedAt: expect.any(Number) },
    })
})

test('a unit link shows the unit, its card plans and the cash paid at its counter', async ({
  page,
}) => {
  await page.goto('/?p=u12_ab3f')
  await expect(banner(page)).toContainText('Você está comprando na Unidade Paulista – São Paulo/SP')
  await expect(banner(page).getByRole('img', { name: 'Fachada da Unidade Paulista' })).toBeVisible()
  await expect(offers(page)).toHaveText([
    'Cartão de crédito em 1x ou 6x',
    /^Dinheiro: combine com a loja/,
  ])
  // Paid at the counter: the words lead to the store's own contact, not a dead end.
  await expect(
    offers(page)
      .nth(1)
      .getByRole('link', { name: /^combine com a loja pelo WhatsApp/ }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/55\d{10,11}$/)
  const card = page
    .getByRole('list', { name: 'Produtos' })
    .getByRole('listitem', { name: 'Token USB criptográfico' })
  await expect(card).toContainText('ou em até 6x a partir de R$ 19,83 no cartão')
  await expectNoA11yViolations(page)
})

test('the path form /u/12_ab3f works too', async ({ page }) => {
  await page.goto('/u/12_ab3f')
  await expect(banner(page)).toContainText('Unidade Paulista – São Paulo/SP')
})

test('an invalid link gets a notice and the default unit’s options', async ({ page }) => {
  await page.goto('/?p=xyz')
  const notice = page.getByRole('status').filter({ hasText: 'O link que você usou não é válido' })
  await expect(notice).toHaveText(
    /O link que você usou não é válido. Mostramos as condições da loja./,
  )
  await expect(offers(page)).toHaveText(STORE_OPTIONS)
  await expect(banner(page)).toHaveCount(0)
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()
  await expectNoA11yViolations(page)
  await notice.getByRole('button', { name: 'Fechar aviso' }).click()
  await expect(notice).toHaveCount(0)
})

test('a well-formed link the service does not know falls back with a notice', async ({ page }) => {
  await page.goto('/?p=i99_zzz')
  await expect(
    page.getByText('Não encontramos a unidade ou o indicador do seu link.'),
  ).toBeVisible()
  await expect(offers(page)).toHaveText(STORE_OPTIONS)
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()
})
