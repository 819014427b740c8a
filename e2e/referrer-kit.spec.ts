import type { Browser, Page } from '@playwright/test'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { expectNoA11yViolations } from './fixtures/a11y'
import { acceptTerms, fillCustomer, goToCheckout, GUEST } from './fixtures/checkout-helpers'
import { partAnswers } from './fixtures/app-ready'
import { expect, projectDialect, test } from './fixtures/relay-test'
import { DESKTOP, PHONE } from './fixtures/screens'

/**
 * The referrer's kit (`/parceiro`): a partner builds a product link for WhatsApp, sees what the
 * app will preview, copies it and prints its QR code; whoever opens that link in another browser
 * buys, and the order reaches the service with the partner's `p` and the link's UTM fields. Then
 * what the links brought: a partner's leads and earnings (docs dialect), the portal (spec).
 */

const REFERRER = 'Contabilidade Ribeiro & Associados'
const PRODUCT = 'Token USB criptográfico'
/** Certifica Brasil's referral partner in the offline service (link `i21_ana-souza`). */
const ANA = { cpf: '923.478.829-02', password: 'Parceira@2026' }

const section = (page: Page, name: string) => page.getByRole('region', { name })

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  )
}

/** What a phone's camera reads from a picture file: jsQR over its pixels. */
async function scan(file: string | Buffer) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
}

/** Another person's browser: nothing of the referrer's visit, cookies or storage. */
async function freshPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  })
  return { page: await context.newPage(), close: () => context.close() }
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`on a ${device}, a referrer builds a product link for WhatsApp, shares it, prints its QR; a buyer's order carries it`, async ({
    page,
    context,
    browser,
    offlineRelay: relay,
  }) => {
    test.setTimeout(90_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.setViewportSize(viewport)
    await page.goto(`${relay.baseURL}/parceiro`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seus links de parceiro' }),
    ).toBeVisible()
    await expect(page).toHaveTitle('Seus links de parceiro — Certifica Brasil')

    // By keyboard: the link typed, Enter checks it.
    const field = page.getByRole('textbox', { name: 'Seu link de parceiro' })
    await field.focus()
    await page.keyboard.type('i34_k9x')
    await page.keyboard.press('Enter')
    const card = section(page, 'Como seus clientes veem')
    await expect(card).toContainText(`Você chegou pelo parceiro ${REFERRER}`)
    await expect(card.getByRole('img', { name: `Logotipo da ${REFERRER}` })).toBeVisible()
    await expect(page).toHaveURL(/\/parceiro\?link=i34_k9x$/)
    await expectNoA11yViolations(page)

    // The target by the arrow keys, as a radio group is used; the product from the listing.
    const store = page.getByRole('radio', { name: 'A loja toda' })
    await expect(store).toBeChecked()
    await store.focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('radio', { name: 'Um produto' })).toBeChecked()
    await page.getByRole('combobox', { name: 'Produto' }).selectOption({ label: PRODUCT })
    await expect(page.getByRole('radio', { name: 'WhatsApp' })).toBeChecked()
    await expect(page.getByRole('textbox', { name: 'Origem (utm_source)' })).toHaveValue('whatsapp')
    await expect(page.getByRole('textbox', { name: 'Meio (utm_medium)' })).toHaveValue('social')
    await expect(page.getByRole('textbox', { name: 'Campanha (utm_campaign)' })).toHaveValue(
      'token-usb',
    )
    const link = `${relay.baseURL}/produto/TOKEN-USB?p=i34_k9x&utm_source=whatsapp&utm_medium=social&utm_campaign=token-usb`
    await expect(page.getByRole('radio', { name: 'Link completo' })).toHaveAccessibleDescription(
      link,
    )

    // What WhatsApp will show: the product's own card, from the head the relay serves crawlers.
    const preview = section(page, 'Como o link aparece no WhatsApp e no Instagram').getByRole(
      'figure',
    )
    await expect(preview).toContainText(PRODUCT)
    // The store's public address, as the apps print it under the card.
    await expect(preview).toContainText('loja.certificabrasil.com.br')
    await expect(preview).toContainText(/R\$\s[\d.,]+/)
    await expectNoSidewaysScroll(page)
    await expectNoA11yViolations(page)

    const share = section(page, 'Compartilhar')
    await share.getByRole('button', { name: 'Copiar link' }).click()
    await expect(share).toContainText('Link copiado')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
    const whatsapp = share.getByRole('link', { name: /Enviar pelo WhatsApp/ })
    expect(new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')).toBe(
      `Veja este certificado digital com condições especiais: ${link}`,
    )

    // The QR code for print: the PNG is 5 cm at 300 dpi, and a camera reads the link from it.
    const qr = section(page, 'Código QR')
    await expect(qr.getByRole('img', { name: 'Código QR do link' })).toBeVisible()
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      qr.getByRole('button', { name: 'Baixar PNG' }).click(),
    ])
    expect(png.suggestedFilename()).toBe('qrcode-i34_k9x-token-usb.png')
    const file = await png.path()
    const meta = await sharp(file).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 591, density: 300 })
    expect(await scan(file)).toBe(link)
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      qr.getByRole('button', { name: 'Baixar SVG' }).click(),
    ])
    expect(
      await scan(
        await sharp(await svg.path(), { density: 150 })
          .png()
          .toBuffer(),
      ),
    ).toBe(link)

    // Someone else opens the link in their own browser and buys as a guest.
    const buyer = await freshPage(browser, viewport)
    try {
      await buyer.page.goto(link)
      const main = buyer.page.getByRole('main')
      await expect(main.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible()
      await expect(
        buyer.page.getByRole('complementary', { name: 'Origem da visita' }),
      ).toContainText(REFERRER)
      await main.getByRole('button', { name: 'Adicionar ao carrinho' }).click()
      await expect(buyer.page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
      await goToCheckout(buyer.page)
      await fillCustomer(buyer.page, GUEST)
      await acceptTerms(buyer.page)
      await buyer.page.getByRole('button', { name: 'Confirmar pedido' }).click()
      await expect(buyer.page).toHaveURL(/\/pedido\//)
    } finally {
      await buyer.close()
    }
    const [order] = relay.ordersOf(GUEST.document.replace(/\D/g, ''))
    expect(order?.payload).toMatchObject({
      uri: 'i34_k9x',
      utmSource: 'whatsapp',
      utmMedium: 'social',
      utmCampaign: 'token-usb',
      orderItems: [{ product: 'TOKEN-USB', quantity: 1 }],
    })
  })
}

test('the short link lands on the product with the referrer and the UTM fields', async ({
  page,
  browser,
  offlineRelay: relay,
}) => {
  await page.goto(`${relay.baseURL}/parceiro?link=i34_k9x`)
  await page.getByRole('radio', { name: 'Um produto' }).check()
  await page.getByRole('combobox', { name: 'Produto' }).selectOption({ label: PRODUCT })
  await page.getByRole('radio', { name: 'Instagram' }).check()
  await page.getByRole('radio', { name: 'Link curto' }).check()
  const short = `${relay.baseURL}/i/34-k9x/token-usb?utm_source=instagram&utm_medium=social&utm_campaign=token-usb`
  await expect(page.getByRole('radio', { name: 'Link curto' })).toHaveAccessibleDescription(short)
  const [qr] = await Promise.all([
    page.waitForEvent('download'),
    section(page, 'Código QR').getByRole('button', { name: 'Baixar PNG' }).click(),
  ])
  expect(await scan(await qr.path())).toBe(short)

  const buyer = await freshPage(browser, PHONE)
  try {
    await buyer.page.goto(short)
    await expect(buyer.page).toHaveURL(
      `${relay.baseURL}/produto/TOKEN-USB?p=i34_k9x&utm_source=instagram&utm_medium=social&utm_campaign=token-usb`,
    )
    await expect(buyer.page.getByRole('complementary', { name: 'Origem da visita' })).toContainText(
      REFERRER,
    )
  } finally {
    await buyer.close()
  }
})

test('a short link to a product no longer on sale: the catalog says so, with the referrer and the UTM fields (phone)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/i/34-k9x/produto-retirado?utm_source=qrcode&utm_medium=impresso')
  await expect(page).toHaveURL(
    /\/\?p=i34_k9x&utm_source=qrcode&utm_medium=impresso&aviso=produto-indisponivel$/,
  )
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'O produto deste link não está mais à venda' })
  await expect(notice).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Origem da visita' })).toContainText(
    REFERRER,
  )
  await expect(
    page.getByRole('list', { name: 'Produtos' }).getByRole('listitem').first(),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  await notice.getByRole('button', { name: 'Fechar aviso' }).click()
  await expect(notice).toHaveCount(0)
  await expect(page).toHaveURL(/\/\?p=i34_k9x&utm_source=qrcode&utm_medium=impresso$/)
  // The visit keeps the referrer: a product's page now names them too.
  await page.getByRole('link', { name: PRODUCT }).first().click()
  await expect(page.getByRole('complementary', { name: 'Origem da visita' })).toContainText(
    REFERRER,
  )
})

test('a link the store does not know: not found, how to find the right one, no builder (phone)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/parceiro?link=i99_ninguem')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Não encontramos este parceiro')
  await expect(alert).toContainText('Use o link que a loja enviou')
  await expect(page.getByRole('heading', { name: 'Monte seu link' })).toHaveCount(0)
  await expectNoA11yViolations(page)

  await page.getByRole('textbox', { name: 'Seu link de parceiro' }).fill('/u/12_ab3f')
  await page.getByRole('button', { name: 'Conferir link' }).click()
  await expect(page.getByRole('alert')).toContainText('link de uma unidade da loja')
  await expect(page.getByRole('heading', { name: 'Monte seu link' })).toHaveCount(0)
})

test('from the banner of their own link, a referrer reaches the kit with the link checked', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/?p=i34_k9x')
  const banner = page.getByRole('complementary', { name: 'Origem da visita' })
  await banner.locator('summary').click()
  // The app's own navigation (focus on the new page's heading) once the banner is the app's:
  // before its chunk arrives the link is the browser's, a full page load that works as well.
  const kit = banner.getByRole('link', { name: 'Sou parceiro: crie seus links' })
  await partAnswers(kit)
  await kit.click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Seus links de parceiro' }),
  ).toBeFocused()
  await expect(section(page, 'Como seus clientes veem')).toContainText(REFERRER)
})

test('what the links brought: a partner logs in and sees leads and earnings (docs) or the portal (spec)', async ({
  page,
}, testInfo) => {
  await page.goto('/parceiro?link=i21_ana-souza')
  const results = section(page, 'O que seus links trouxeram')
  await expect(results).toContainText('Entre com a sua conta de parceiro')
  await expectNoA11yViolations(page)
  await results.getByRole('link', { name: 'Entrar' }).click()
  await page.getByLabel('CPF ou CNPJ').fill(ANA.cpf)
  await page.getByLabel('Senha', { exact: true }).fill(ANA.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/parceiro\?link=i21_ana-souza$/)

  if (projectDialect(testInfo) === 'docs') {
    const leads = results.getByRole('region', { name: 'Suas indicações' })
    await expect(results).toContainText('12 pessoas indicadas')
    await expect(leads.getByRole('row')).toHaveCount(11)
    // Masked as the relay sends them: no whole CPF anywhere on the page.
    await expect(leads).toContainText(/\*\*\*\.\d{3}\.\d{3}-\*\*/)
    expect(await page.locator('main').innerText()).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/)
    await expectNoA11yViolations(page)
    // The next page by keyboard.
    await results.getByRole('button', { name: 'Próxima página' }).focus()
    await page.keyboard.press('Enter')
    await expect(results).toContainText('Página 2 de 2')
    await expect(leads.getByRole('row')).toHaveCount(3)
    // The focus went to the table that changed, not to <body>.
    await expect(leads).toBeFocused()
    const earnings = results.getByRole('region', { name: 'Seus ganhos' })
    await expect(earnings.getByRole('row').nth(1)).toBeVisible()
    await expect(results).toContainText(/Total: R\$\s[\d.,]+/)
    await expectNoA11yViolations(page)
  } else {
    await expect(results).toContainText('Suas indicações e seus ganhos ficam no portal da loja')
    await expect(results.getByRole('table')).toHaveCount(0)
    await expectNoA11yViolations(page)
  }
})
