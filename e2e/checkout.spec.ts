import { expect, test } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import {
  acceptTerms,
  addToCart,
  fillCustomer,
  goToCheckout,
  GUEST,
} from './fixtures/checkout-helpers'

test.describe('checkout against the shared relay', () => {
  test('a guest checks out end to end and the order opens on its public page', async ({ page }) => {
    await page.goto('/')
    await addToCart(page, 'Certificado Digital e-CPF A1 – 12 meses')
    await goToCheckout(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible()
    await expectNoA11yViolations(page)

    await fillCustomer(page)
    // Each option is a plan: the 3x card plan is picked as a whole, no count inside it.
    await page
      .getByRole('radio', { name: /^Cartão de crédito 3x: 3 parcelas de R\$\s53,30/ })
      .check()
    await expect(page.getByRole('group', { name: 'Parcelas' })).toHaveCount(0)
    await acceptTerms(page)
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()

    await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
    // The buyer lands on the order's public page with a success notice.
    await expect(page.getByRole('status').filter({ hasText: 'Pedido recebido!' })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 1, name: /^Pedido VT(-[0-9A-HJKMNP-TV-Z]{4}){2}$/ }),
    ).toBeVisible()
    await expect(page.getByText('Aguardando pagamento').first()).toBeVisible()
    await expect(page.getByText('Certificado Digital e-CPF A1 – 12 meses').first()).toBeVisible()
    await expectNoA11yViolations(page)
    const token = page.url().split('/').pop()!
    const order = await page.request.get(`/api/orders/${token}`)
    expect(order.status()).toBe(200)
    const body = (await order.json()) as {
      data: { orderItems: { description: string }[]; user: { document: string } }
    }
    expect(body.data.orderItems.map((i) => i.description)).toEqual([
      'Certificado Digital e-CPF A1 – 12 meses',
    ])
    expect(body.data.user.document).toBe('12892400350')
    // The cart and the draft are emptied after the order.
    await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible()
    expect(await page.evaluate(() => sessionStorage.getItem('vitrine.checkout'))).toBeNull()
  })

  test('mistakes are explained next to each field and in a summary that takes focus', async ({
    page,
  }) => {
    await page.goto('/')
    await addToCart(page, 'Token USB criptográfico')
    await goToCheckout(page)
    await page.getByLabel('CPF ou CNPJ').fill('123.456.789-00')
    await page.getByLabel('CEP').fill('0131')
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()

    const summary = page.getByRole('alert').filter({ hasText: 'Corrija' })
    await expect(summary).toBeFocused()
    await expect(summary).toContainText('CPF ou CNPJ: CPF ou CNPJ inválido')
    await expect(
      page.getByText('CPF ou CNPJ inválido: confira os dígitos (11 no CPF, 14 no CNPJ).', {
        exact: true,
      }),
    ).toBeVisible()
    await expect(
      page.getByText('CEP inválido: use 8 dígitos, como 01310-100.', { exact: true }),
    ).toBeVisible()
    await expect(
      page.getByText('Aceite os termos de compra para continuar.', { exact: true }),
    ).toBeVisible()
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveAttribute('aria-invalid', 'true')
    await expectNoA11yViolations(page)

    // Following a summary link lands on the field.
    await summary.getByRole('link', { name: /^CEP:/ }).click()
    await expect(page.getByLabel('CEP')).toBeFocused()
  })

  test('a mistyped e-mail domain gets "Você quis dizer …?", taken with one press', async ({
    page,
  }) => {
    await page.goto('/')
    await addToCart(page, 'Token USB criptográfico')
    await goToCheckout(page)
    const email = page.getByLabel('E-mail')
    await email.fill('fernanda.rocha@gmail.con')
    await email.press('Tab')
    const hint = page.getByText('Você quis dizer')
    await expect(hint).toHaveText('Você quis dizer fernanda.rocha@gmail.com?')
    await expectNoA11yViolations(page)
    await page.getByRole('button', { name: 'Usar fernanda.rocha@gmail.com' }).click()
    await expect(email).toHaveValue('fernanda.rocha@gmail.com')
    await expect(email).toBeFocused()
    await expect(hint).toHaveCount(0)
  })

  test('a half-filled form survives a reload, and only in this tab (sessionStorage)', async ({
    page,
  }) => {
    await page.goto('/')
    await addToCart(page, 'Token USB criptográfico')
    await goToCheckout(page)
    await page.getByLabel('CPF ou CNPJ').fill(GUEST.document)
    await page.getByLabel('Nome completo').fill(GUEST.name)
    await page.reload()
    await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue(GUEST.document)
    await expect(page.getByLabel('Nome completo')).toHaveValue(GUEST.name)
    expect(await page.evaluate(() => localStorage.getItem('vitrine.checkout'))).toBeNull()
  })

  test('keyboard only on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/')
    await addToCart(page, 'Leitora de cartão inteligente')
    await goToCheckout(page)
    await fillCustomer(page)
    // The terms checkbox and submit are reached and used with the keyboard.
    await page.getByLabel('Li e aceito os termos de compra').focus()
    await page.keyboard.press('Space')
    await expect(page.getByLabel('Li e aceito os termos de compra')).toBeChecked()
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth)
    expect(overflow).toBeLessThanOrEqual(360)
    await page.getByRole('button', { name: 'Confirmar pedido' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/pedido\//)
  })

  test('an offline submit keeps everything, and the retry goes through once', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    await addToCart(page, 'Token USB criptográfico')
    await goToCheckout(page)
    await fillCustomer(page)
    await acceptTerms(page)
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()
    await expect(page.getByRole('alert')).toContainText('Você está sem conexão com a internet')
    await expect(page.getByLabel('Nome completo')).toHaveValue(GUEST.name)
    await expect(page.getByRole('heading', { name: 'Resumo do pedido' })).toBeVisible()
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Confirmar pedido' }).click()
    await expect(page).toHaveURL(/\/pedido\//)
  })
})
