import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'
import { withoutServerRender } from './fixtures/client-rendered'
import { appAnswers } from './fixtures/app-ready'
import { holdRequests } from './fixtures/held-requests'

/** The product page (`/produto/:sku`), and the catalog's first screen on a phone. */

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'
const ECPF_PICTURE = 'Cartão ilustrado do e-CPF A1, arquivo instalado no computador'
const ECPF_GROUP = 'Certificação Digital e-CPF'
const REFERRER = 'Contabilidade Ribeiro & Associados'

const productList = (page: Page) => page.getByRole('list', { name: 'Produtos' })
const trail = (page: Page) => page.getByRole('navigation', { name: 'Trilha de navegação' })
const share = (page: Page) => page.getByRole('region', { name: 'Compartilhar este produto' })

test('a card opens the product page; add to cart from it; the group goes back filtered', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()
  await appAnswers(page)
  const card = productList(page).getByRole('listitem', { name: ECPF })
  await card.getByRole('link', { name: ECPF }).click()

  await expect(page).toHaveURL(/\/produto\/ECPF-A1-12$/)
  await expect(page.getByRole('heading', { level: 1, name: ECPF })).toBeFocused()
  await expect(page).toHaveTitle(`${ECPF} — Certifica Brasil`)
  const main = page.getByRole('main')
  await expect(main).toContainText('R$ 159,90')
  await expect(main).toContainText('ou em até 12x a partir de R$ 13,32 no cartão')
  await expect(main).not.toContainText('sem juros')
  const picture = main.getByRole('img', { name: ECPF_PICTURE })
  await expect(picture).toHaveAttribute('width', /\d+/)
  await expect(picture).toHaveAttribute('height', /\d+/)
  await expect(trail(page).getByRole('link')).toHaveText(['Início', ECPF_GROUP])
  await expect(trail(page).getByText(ECPF)).toHaveAttribute('aria-current', 'page')
  await expect(share(page).getByRole('button', { name: 'Copiar link' })).toBeVisible()
  await expect(share(page).getByRole('link', { name: /Compartilhar no WhatsApp/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=.*%2Fproduto%2FECPF-A1-12$/,
  )
  await expectNoA11yViolations(page)

  await main.getByRole('button', { name: 'Adicionar ao carrinho' }).click()
  await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
  await expect(main.getByText('1 no carrinho')).toBeVisible()
  await expectNoA11yViolations(page)

  await trail(page).getByRole('link', { name: ECPF_GROUP }).click()
  await expect(page.getByText('3 produtos encontrados')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveValue(ECPF_GROUP)

  await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: ECPF })).toContainText('R$ 159,90')
})

test('a shared address opens the product directly, with the link kept', async ({ page }) => {
  await page.goto('/produto/ECPF-A1-12?p=i34_k9x')
  await expect(page.getByRole('heading', { level: 1, name: ECPF })).toBeVisible()
  await expect(page).toHaveTitle(`${ECPF} — Certifica Brasil`)
  await expect(page.getByRole('complementary', { name: 'Origem da visita' })).toContainText(
    REFERRER,
  )
  const main = page.getByRole('main')
  await expect(main).toContainText('R$ 159,90')
  // the referrer's options: its card splits in 12
  await expect(main).toContainText('ou em até 12x a partir de R$ 13,32 no cartão')
  // sharing it on passes the referral with it
  await expect(share(page).getByRole('link', { name: /Compartilhar no WhatsApp/ })).toHaveAttribute(
    'href',
    /%2Fproduto%2FECPF-A1-12%3Fp%3Di34_k9x$/,
  )
  await expectNoA11yViolations(page)

  await main.getByRole('button', { name: 'Adicionar ao carrinho' }).click()
  await expect(page.getByRole('link', { name: 'Carrinho, 1 item' })).toBeVisible()
  await page.getByRole('link', { name: 'Carrinho, 1 item' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrinho' })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Origem da visita' })).toContainText(
    REFERRER,
  )
  await expect(page.getByRole('listitem').filter({ hasText: ECPF })).toContainText('R$ 159,90')
})

test('an unknown product says so, in pt-BR, with a way back to the catalog', async ({ page }) => {
  await page.goto('/produto/NAO-EXISTE')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Produto não encontrado' }),
  ).toBeVisible()
  await expect(page).toHaveTitle(/^Produto não encontrado — /)
  await expect(page.getByRole('main')).toContainText('Não encontramos o produto “NAO-EXISTE”')
  await expectNoA11yViolations(page)
  await page.getByRole('link', { name: 'Ver todos os produtos' }).click()
  await expect(page.getByText('10 produtos encontrados')).toBeVisible()
})

test.describe('360×640 phone', () => {
  test.use({ viewport: { width: 360, height: 640 } })

  test('the first product card is whole on the first screen; filters fold away', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByText('10 produtos encontrados')).toBeVisible()
    const first = productList(page).getByRole('listitem').first()
    await expect(first).toBeVisible()
    const box = await first.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.y + box!.height).toBeLessThanOrEqual(640)
    await expect(
      first.getByRole('button', {
        name: 'Adicionar Certificado Digital e-CPF A1 – 12 meses ao carrinho',
      }),
    ).toBeInViewport()

    // the search stays in view; category and order open from "Filtros", by keyboard too
    await expect(page.getByRole('searchbox', { name: 'Buscar produtos' })).toBeVisible()
    const toggle = page.getByRole('button', { name: 'Filtros', exact: true })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('combobox', { name: 'Categoria' })).toBeHidden()
    await expectNoA11yViolations(page)
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('combobox', { name: 'Categoria' }).selectOption('Serviços')
    await expect(page.getByText('2 produtos encontrados')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Filtros (1 ativo)' })).toBeVisible()
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      360,
    )
    await expectNoA11yViolations(page)
  })

  test('while the store loads: no "Vitrine", and header and filters keep their size', async ({
    page,
  }) => {
    // A catalog the relay rendered has its name from the start; this is the page the browser
    // renders alone (the relay's data read was late). The payment options are late too: the
    // box that holds their place must be the size they take, or the filters move under a thumb.
    await withoutServerRender(page, /\/$/)
    const releaseProducts = await holdRequests(page, '**/api/products*')
    const releaseOptions = await holdRequests(page, '**/api/payment-options*')
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const header = page.getByRole('banner')
    const filters = page.getByRole('search')
    await expect(page.getByText('Carregando produtos…')).toBeVisible()
    await expect(
      header.getByRole('link', { name: 'Página inicial da loja', exact: true }),
    ).toBeVisible()
    await expect(header).not.toContainText('Vitrine')
    const before = { header: await header.boundingBox(), filters: await filters.boundingBox() }

    releaseProducts()
    releaseOptions()
    await expect(page.getByText('10 produtos encontrados')).toBeVisible()
    await expect(header.getByRole('link', { name: /^Certifica Brasil/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Formas de pagamento' })).toBeVisible()
    expect(await header.boundingBox()).toEqual(before.header)
    expect(await filters.boundingBox()).toEqual(before.filters)
  })
})
