import { expect, test } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'

test('the built store shows the tenant and its products from the offline service', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Certifica Brasil' })).toBeVisible()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Certificados digitais e acessórios' }),
  ).toBeVisible()
  const card = page
    .getByRole('listitem')
    .filter({ hasText: 'Certificado Digital e-CPF A1 – 12 meses' })
  await expect(card).toContainText('R$ 159,90')
  await expect(card.getByRole('img', { name: /e-CPF A1/ })).toBeVisible()
  await expectNoA11yViolations(page)
})

test('the production build serves no mock service worker (only the static demo runs one)', async ({
  request,
}) => {
  const res = await request.get('/mockServiceWorker.js')
  expect(res.status()).toBe(404)
  expect(await res.text()).not.toContain('Mock Service Worker')
})
