import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers } from './fixtures/app-ready'
import { holdRequests } from './fixtures/held-requests'
import { projectDialect } from './fixtures/relay-test'
import { PHONE } from './fixtures/screens'

/**
 * A referrer's world on a 360 px phone: their name whole in the banner of their link, and what
 * their links brought (`/parceiro`) readable without anything cut at the screen's right edge.
 */

const REFERRER = 'Contabilidade Ribeiro & Associados'
/** Certifica Brasil's referral partner in the offline service (link `i21_ana-souza`). */
const ANA = { cpf: '923.478.829-02', password: 'Parceira@2026' }

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE)
})

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  )
}

/** Everything in it fits its box and the screen: nothing cut, no scrolling sideways inside. */
async function expectWhole(target: Locator) {
  const { scrollWidth, clientWidth, right } = await target.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    right: el.getBoundingClientRect().right,
  }))
  expect(scrollWidth, 'content wider than its box').toBeLessThanOrEqual(clientWidth)
  expect(right, 'box past the screen').toBeLessThanOrEqual(PHONE.width)
}

test('the banner of a referrer’s link shows their whole name, folded', async ({ page }) => {
  await page.goto('/?p=i34_k9x')
  await appAnswers(page)
  const banner = page.getByRole('complementary', { name: 'Origem da visita' })
  const name = banner.locator('summary').getByText(REFERRER)
  await expect(name).toBeVisible()
  await expectWhole(name)
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)
})

test('what the links brought: each lead and earning readable, nothing cut at the right', async ({
  page,
}, testInfo) => {
  await page.goto('/parceiro?link=i21_ana-souza')
  const results = page.getByRole('region', { name: 'O que seus links trouxeram' })
  await results.getByRole('link', { name: 'Entrar' }).click()
  await page.getByLabel('CPF ou CNPJ').fill(ANA.cpf)
  await page.getByLabel('Senha', { exact: true }).fill(ANA.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/parceiro\?link=i21_ana-souza$/)
  if (projectDialect(testInfo) !== 'docs') {
    // The spec's service has no such reads: the portal is named instead, no table.
    await expect(results).toContainText('Suas indicações e seus ganhos ficam no portal da loja')
    await expectNoSidewaysScroll(page)
    return
  }

  const leads = results.getByRole('region', { name: 'Suas indicações' })
  await expect(leads.getByRole('row')).toHaveCount(11)
  await expectWhole(leads)
  // A lead as the partner reads it: the name, then each masked contact with what it is.
  const first = leads.getByRole('row').nth(1)
  for (const text of ['Bruno Henrique Lima', '***.774.146-**', 'b***@exemplo.com.br']) {
    await expect(first.getByText(text)).toBeVisible()
    await expectWhole(first.getByText(text))
  }
  await expect(first).toContainText('E-mail')
  // Still a table to a screen reader: each cell named by its column.
  await expect(leads.getByRole('columnheader', { name: 'CPF ou CNPJ' })).toBeAttached()
  await expect(first.getByRole('cell')).toHaveCount(4)

  const earnings = results.getByRole('region', { name: 'Seus ganhos' })
  await expect(earnings.getByRole('row').nth(1)).toBeVisible()
  await expectWhole(earnings)
  await expect(results.getByText('Seus ganhos', { exact: true })).toHaveCount(1)
  await expectNoSidewaysScroll(page)
  await expectNoA11yViolations(page)
})

test('the QR code arriving keeps its panel’s size: nothing below it moves', async ({ page }) => {
  const release = await holdRequests(page, '**/assets/qr-panel-*.js')
  await page.goto('/parceiro?link=i21_ana-souza')
  const panel = page.getByRole('region', { name: 'Código QR' })
  await expect(panel.getByText('Gerando o código QR…')).toBeVisible()
  const before = (await panel.boundingBox())!.height
  release()
  await expect(panel.getByRole('img', { name: 'Código QR do link' })).toBeVisible()
  expect(Math.abs((await panel.boundingBox())!.height - before)).toBeLessThanOrEqual(1)
  await expectNoSidewaysScroll(page)
})
