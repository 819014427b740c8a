import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { acceptTerms, addToCart, goToCheckout } from './fixtures/checkout-helpers'

/**
 * The address as a Brazilian buyer gives it: the CEP fills the rest through the relay (the
 * offline relay's CEP fixtures), "Sem número" stands for a house without one, and a CEP the
 * lookup cannot serve leaves the address to be typed, never blocking the order.
 */

async function startCheckout(page: Page) {
  await page.goto('/')
  await addToCart(page, 'Certificado Digital e-CPF A1 – 12 meses')
  await goToCheckout(page)
  await page.getByLabel('CPF ou CNPJ').fill('128.924.003-50')
  await page.getByLabel('Nome completo').fill('Fernanda Lima Rocha')
}

async function finish(page: Page) {
  await page.getByLabel('E-mail').fill('fernanda.rocha@exemplo.com.br')
  await page.getByLabel('Celular').fill('(11) 91234-5678')
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page).toHaveURL(/\/pedido\/[a-f0-9]{32}$/)
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
]) {
  test(`a CPF buyer's address comes from the CEP; "Sem número" is one click (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await startCheckout(page)
    await page.getByLabel('CEP').fill('01310-100')
    await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista')
    await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista')
    await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo')
    await expect(page.getByLabel('UF')).toHaveValue('SP')
    await expect(page.getByLabel('CEP')).toHaveAccessibleDescription(/Endereço preenchido pelo CEP/)
    await page.getByLabel('Sem número').check()
    await expect(page.getByLabel('Número', { exact: true })).toHaveAttribute('readonly', '')
    const plan = /^Cartão de crédito 3x: 3 parcelas de R\$\s53,30/
    await page.getByRole('radio', { name: plan }).check()
    // What is confirmed, right where it is confirmed.
    const submit = page.getByRole('button', { name: 'Confirmar pedido' })
    await expect(page.getByText('Total do pedido')).toBeVisible()
    await expect(page.getByRole('paragraph').filter({ hasText: plan })).toBeVisible()
    if (viewport.width === 360) {
      // On a phone the total and the button stay on screen while the form scrolls.
      await page.getByLabel('CPF ou CNPJ').scrollIntoViewIfNeeded()
      await expect(submit).toBeInViewport()
      const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth)
      expect(overflow).toBeLessThanOrEqual(360)
    }
    await expectNoA11yViolations(page)
    await finish(page)
    const token = page.url().split('/').pop()!
    const order = (await (await page.request.get(`/api/orders/${token}`)).json()) as {
      data: { user: { address: string; number: number; zipCode: string } }
    }
    expect(order.data.user).toMatchObject({
      address: 'Avenida Paulista',
      number: 0,
      zipCode: '01310100',
    })
  })
}

test('the CEP service is down: the buyer is told and types the address; the order goes through', async ({
  page,
}) => {
  await startCheckout(page)
  await page.getByLabel('CEP').fill('11111-111')
  await expect(page.getByLabel('CEP')).toHaveAccessibleDescription(
    /Não foi possível buscar o endereço agora/,
  )
  await page.getByLabel('Endereço', { exact: true }).fill('Rua das Flores')
  await page.getByLabel('Número', { exact: true }).fill('S/N')
  await page.getByLabel('Bairro').fill('Centro')
  await page.getByLabel('Cidade').fill('Campinas')
  await page.getByLabel('UF').selectOption('SP')
  await finish(page)
})

test('an unknown CEP is named, and the address typed by hand is kept', async ({ page }) => {
  await startCheckout(page)
  await page.getByLabel('Endereço', { exact: true }).fill('Rua das Flores')
  await page.getByLabel('CEP').fill('99999-999')
  await expect(page.getByLabel('CEP')).toHaveAccessibleDescription(/Não encontramos este CEP/)
  await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Rua das Flores')
})
