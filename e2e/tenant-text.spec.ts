import { expectNoA11yViolations } from './fixtures/a11y'
import { expect, test } from './fixtures/relay-test'

/**
 * Tenant text as the tenant wrote it: Digital Sul's terms are plain text with blank lines and
 * line breaks, as the docs' own `termos` is. They read in paragraphs, with their breaks, not as
 * one run of text. (Certifica's terms are markup: storefront-catalog.spec.ts.)
 */
test.use({ relayTenant: 1 })

test('plain-text terms keep their paragraphs and line breaks', async ({
  page,
  offlineRelay: relay,
}) => {
  await page.goto(`${relay.baseURL}/termos`)
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de compra' })).toBeVisible()
  const paragraphs = page.getByRole('article').getByRole('paragraph')
  await expect(paragraphs).toHaveCount(3)
  await expect(paragraphs.nth(0)).toHaveText('Condições gerais de venda')
  // Two lines of one paragraph: the break is there, the words do not run together.
  expect(await paragraphs.nth(1).innerText()).toBe(
    'A emissão depende da aprovação dos documentos enviados.\n' +
      'Reembolso em até 7 dias após a compra, se a validação não tiver ocorrido.',
  )
  await expect(paragraphs.nth(2)).toHaveText('Dúvidas: atendimento@digitalsul.net.br')
  await expectNoA11yViolations(page)
})
