import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers } from './fixtures/app-ready'
import { recordCspViolations } from './fixtures/csp-violations'
import { placeholderOverflow } from './fixtures/screens'

/** Storefront shell, catalog, terms and 404, against the built app served by the relay. */

const CATALOG_TITLE = 'Certificados digitais e acessórios'
const productList = (page: Page) => page.getByRole('list', { name: 'Produtos' })
const cardTitles = (page: Page) =>
  productList(page).getByRole('heading', { level: 2 }).allTextContents()

async function openCatalog(page: Page, path = '/') {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: CATALOG_TITLE })).toBeVisible()
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()
  await appAnswers(page)
}

test('browse: shell, product cards and the document title', async ({ page }) => {
  await openCatalog(page)
  await expect(
    page.getByRole('banner').getByRole('link', { name: /^Certifica Brasil/ }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Entrar' }),
  ).toBeVisible()
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Termos de compra' }),
  ).toBeVisible()
  await expect(page).toHaveTitle('Certifica Brasil')

  const card = productList(page).getByRole('listitem', {
    name: 'Certificado Digital e-CPF A1 – 12 meses',
  })
  await expect(card).toContainText('Certificação Digital e-CPF')
  await expect(card).toContainText('R$ 159,90')
  await expect(card).toContainText('ou em até 12x a partir de R$ 13,32 no cartão')
  const picture = card.getByRole('img', {
    name: 'Cartão ilustrado do e-CPF A1, arquivo instalado no computador',
  })
  await expect(picture).toHaveAttribute('width', /\d+/)
  await expect(picture).toHaveAttribute('height', /\d+/)

  // the default unit's options, as the plans they are
  const offers = page.getByRole('region', { name: 'Formas de pagamento' })
  await expect(offers.getByRole('listitem')).toHaveText([
    'Cartão de crédito em 1x, 2x, 3x, 6x ou 12x',
    'Boleto à vista',
  ])

  // a product not on sale cannot be bought, and comes last
  const nfe = productList(page).getByRole('listitem', { name: 'Certificado NF-e A1 – 12 meses' })
  await expect(nfe.getByRole('button', { name: /Indisponível/ })).toBeDisabled()
  expect((await cardTitles(page)).at(-1)).toBe('Certificado NF-e A1 – 12 meses')
  await expectNoA11yViolations(page)
})

test('search ignores accents and case; filter by group; sort by price', async ({ page }) => {
  await openCatalog(page)
  const search = page.getByRole('searchbox', { name: 'Buscar produtos' })
  await search.fill('certificacao')
  await expect(page.getByText('6 produtos encontrados')).toBeVisible()
  expect(await cardTitles(page)).not.toContain('Token USB criptográfico')

  await search.fill('VALIDACAO video')
  await expect(productList(page).getByRole('heading')).toHaveText([
    'Validação por videoconferência (taxa avulsa)',
  ])

  await search.fill('passaporte')
  await expect(page.getByText('Nenhum produto corresponde a “passaporte”.')).toBeVisible()
  await page.getByRole('button', { name: 'Limpar busca e filtros' }).click()
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()

  // a keyboard user changing the category keeps focus on the control
  const group = page.getByRole('combobox', { name: 'Categoria' })
  await group.focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByText('3 produtos encontrados')).toBeVisible()
  await expect(group).toBeFocused()
  await group.selectOption('Serviços')
  await expect(page.getByText('2 produtos encontrados')).toBeVisible()
  await expect(page).toHaveURL(/categoria=Servi%C3%A7os/)
  await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Menor preço' })
  await expect(productList(page).getByRole('heading')).toHaveText([
    'Instalação assistida remota',
    'Validação por videoconferência (taxa avulsa)',
  ])
  await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Maior preço' })
  await expect(productList(page).getByRole('heading').first()).toHaveText(
    'Validação por videoconferência (taxa avulsa)',
  )

  // the filter lives in the URL: a reload keeps it
  await page.reload()
  await expect(page.getByText('2 produtos encontrados')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveValue('Serviços')
})

test('skip link moves focus to the main content; navigation focuses the page heading', async ({
  page,
}) => {
  await openCatalog(page)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()

  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de compra' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de compra' })).toBeFocused()
  await expect(page).toHaveTitle('Termos de compra — Certifica Brasil')
})

test('terms: sanitised tenant markup, no injected script runs', async ({ page }) => {
  const cspViolations = await recordCspViolations(page)
  await page.goto('/termos')
  const article = page.getByRole('article')
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de compra' })).toBeVisible()
  await expect(article.getByRole('heading', { level: 2, name: 'Termos de compra' })).toBeVisible()
  await expect(article).toContainText('O prazo para validação é de 90 dias')
  await expect(article.getByRole('listitem')).toHaveText([
    'Certificados A1 têm validade de 12 meses.',
    'Certificados A3 têm validade de até 36 meses.',
  ])
  const privacy = article.getByRole('link', { name: 'política de privacidade' })
  await expect(privacy).toHaveAttribute('target', '_blank')
  await expect(privacy).toHaveAttribute('rel', 'noopener noreferrer')

  // the planted payload: its text stays, the script, the handler and the javascript: URL do not
  await expect(article.getByText('Clique aqui para mais detalhes')).toBeVisible()
  await expect(article.getByRole('link', { name: 'Clique aqui para mais detalhes' })).toHaveCount(0)
  expect(await article.locator('script, [onerror], [href^="javascript" i]').count()).toBe(0)
  // give the broken image a chance to fire onerror
  await page.waitForLoadState('networkidle')
  expect(
    await page.evaluate(() => (window as { __vitrineInjected?: unknown }).__vitrineInjected),
  ).toBeUndefined()
  // Nor did the handler reach the browser: the relay sends the terms sanitised.
  expect(await cspViolations()).toEqual([])
  await expectNoA11yViolations(page)
})

test('404: an unknown address shows "Página não encontrada" and a way back', async ({ page }) => {
  await page.goto('/nao-existe')
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible()
  await expect(page).toHaveTitle(/^Página não encontrada — /)
  await expectNoA11yViolations(page)
  await page.getByRole('main').getByRole('link', { name: 'Voltar para a loja' }).click()
  await expect(page.getByRole('heading', { level: 1, name: CATALOG_TITLE })).toBeFocused()
})

test.describe('360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('no horizontal scroll, and adding to the cart works', async ({ page }) => {
    await openCatalog(page)
    const scrollWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth)
    expect(await scrollWidth()).toBeLessThanOrEqual(360)
    // The search box's example is read whole, not cut at the box's edge.
    expect(await placeholderOverflow(page.getByRole('searchbox').first())).toBe(0)
    await expectNoA11yViolations(page)

    await page
      .getByRole('button', {
        name: 'Adicionar Certificado Digital e-CNPJ A1 – 12 meses ao carrinho',
      })
      .click()
    await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
    await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Certificado Digital e-CNPJ A1 – 12 meses' }),
    ).toContainText('R$ 239,90')
    await expect(page.getByRole('button', { name: 'Finalizar compra' })).toBeEnabled()
    expect(await scrollWidth()).toBeLessThanOrEqual(360)
    await expectNoA11yViolations(page)
  })
})
