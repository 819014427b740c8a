import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { holdRequests } from './fixtures/held-requests'

/**
 * What the cart tells before the checkout: an e-CPF and an e-CNPJ cannot be one order (and which
 * lines are which), a removed line can be put back, and "Finalizar compra" shows it is at work.
 */

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'
const ECNPJ = 'Certificado Digital e-CNPJ A1 – 12 meses'
const TOKEN = 'Token USB criptográfico'

const lines = (page: Page) =>
  page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem')
const cartLine = (page: Page, name: string) =>
  lines(page).filter({ has: page.getByRole('heading', { name }) })
const checkout = (page: Page) => page.getByRole('button', { name: 'Finalizar compra' })
const conflict = (page: Page) =>
  page.getByRole('region', { name: 'e-CPF e e-CNPJ não vão no mesmo pedido' })

/** A cart of an e-CPF (2), an e-CNPJ and a token, as the catalog leaves it. */
async function openMixedCart(page: Page) {
  await page.goto('/')
  for (const name of [ECPF, ECPF, ECNPJ, TOKEN]) {
    await page.getByRole('button', { name: `Adicionar ${name} ao carrinho` }).click()
  }
  await expect(page.getByRole('link', { name: 'Carrinho, 4 itens' })).toBeVisible()
  await page.getByRole('link', { name: 'Carrinho, 4 itens' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
}

test('an e-CPF with an e-CNPJ is told in the cart, with which line is which, before checkout', async ({
  page,
}) => {
  await openMixedCart(page)
  await expect(conflict(page)).toContainText(
    `Para pessoa física (CPF): ${ECPF}. Para empresa (CNPJ): ${ECNPJ}.`,
  )
  await expect(cartLine(page, ECPF).getByRole('note')).toHaveText('Para pessoa física (CPF)')
  await expect(cartLine(page, ECNPJ).getByRole('note')).toHaveText('Para empresa (CNPJ)')
  await expect(cartLine(page, TOKEN).getByRole('note')).toHaveCount(0)
  await expect(page.getByText('Remova o e-CPF ou o e-CNPJ para finalizar a compra.')).toBeVisible()
  await expect(checkout(page)).toBeDisabled()
  await expectNoA11yViolations(page)

  // Removing the e-CNPJ settles it; the e-CPF's checkout opens.
  await cartLine(page, ECNPJ)
    .getByRole('button', { name: `Remover ${ECNPJ}` })
    .click()
  await expect(conflict(page)).toHaveCount(0)
  await expect(checkout(page)).toBeEnabled()
})

test('"Remover" can be undone: the line comes back in its place with its quantity', async ({
  page,
}) => {
  await openMixedCart(page)
  await expect(lines(page)).toHaveCount(3)
  await cartLine(page, ECPF)
    .getByRole('button', { name: `Remover ${ECPF}` })
    .click()
  await expect(cartLine(page, ECPF)).toHaveCount(0)
  const undo = page.getByRole('button', { name: 'Desfazer' })
  // In the removed line's place, focused, saying what it undoes.
  await expect(undo).toBeFocused()
  await expect(undo).toHaveAccessibleDescription(`${ECPF} removido.`)
  await expect(lines(page).first()).toContainText(`${ECPF} removido.`)
  await expect(page.getByRole('link', { name: 'Carrinho, 2 itens' })).toBeVisible()
  await expectNoA11yViolations(page)

  await page.keyboard.press('Enter')
  await expect(undo).toHaveCount(0)
  await expect(lines(page).first().getByRole('heading')).toHaveText(ECPF)
  await expect(cartLine(page, ECPF).getByRole('spinbutton')).toHaveValue('2')
  await expect(cartLine(page, ECPF).getByRole('spinbutton')).toBeFocused()
  await expect(page.getByRole('link', { name: 'Carrinho, 4 itens' })).toBeVisible()
  // The cart kept in the browser has it back too.
  await page.reload()
  await expect(cartLine(page, ECPF).getByRole('spinbutton')).toHaveValue('2')
  await expect(conflict(page)).toBeVisible()
})

test('"Finalizar compra" shows it is at work while the checkout loads', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: `Adicionar ${TOKEN} ao carrinho` }).click()
  await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
  await expect(checkout(page)).toBeEnabled()
  // A slow link: the checkout's code is on its way.
  const release = await holdRequests(page, '**/assets/checkout-*.js')
  await checkout(page).click()
  await expect(checkout(page)).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByText('Abrindo a finalização da compra…')).toBeVisible()
  await expectNoA11yViolations(page)
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible()
  await expect(page.getByText('Abrindo a finalização da compra…')).toHaveCount(0)
})
