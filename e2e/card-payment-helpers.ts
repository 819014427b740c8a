import type { Page } from '@playwright/test'
import { appAnswers } from './fixtures/app-ready'
import { expect, test as relayTest, type InProcessRelay } from './fixtures/relay-test'

export { expect }

/** The offline service's test cards (offline): approved, declined, and one whose charge times out. */
export const APPROVED = '4539003370725497'
export const DECLINED = '4929710426637678'
export const TIMES_OUT = '4710426743216178'
/** A validity three years ahead, as typed (MMAA): never expired whenever the suite runs. */
export const expiry = `05${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`

/** João's pending card order, seeded in both dialects (tenant-certifica). */
export const PENDING_CARD_ORDER = '3a9d5f1b7e2c4a8d6f0b2e4c6a8d0f78'

type Answer = NonNullable<InProcessRelay['upstream']['intercept']>

/** The card charges (the service's PATCH) that reached the service during a journey. */
export interface Charges {
  readonly count: number
  /** How the service answers each charge from now on (null: as it does); each still counts. */
  answer(how: Answer | null): void
}

/**
 * The relay's `test` with `charges`: counts what a journey charged, the one thing every card
 * journey checks (a double click, a timeout or a paid order must never charge twice).
 */
export const test = relayTest.extend<{ charges: Charges }>({
  charges: async ({ offlineRelay }, use) => {
    let count = 0
    let how: Answer | null = null
    offlineRelay.upstream.intercept = async (request, real) => {
      if (request.method !== 'PATCH') return real(request)
      count++
      return how ? how(request, real) : real(request)
    }
    await use({
      get count() {
        return count
      },
      answer: (next) => {
        how = next
      },
    })
  },
})

/** The pending card order's page, once the app answers taps. */
export async function openPendingCardOrder(page: Page, relay: InProcessRelay) {
  await page.goto(`${relay.baseURL}/pedido/${PENDING_CARD_ORDER}`)
  await appAnswers(page)
}

/** Maria logs in on the login page and lands on her orders. */
export async function logInAsMaria(page: Page, relay: InProcessRelay) {
  await page.goto(`${relay.baseURL}/entrar`)
  await page.getByLabel('CPF ou CNPJ').fill('529.982.247-25')
  await page.getByLabel('Senha', { exact: true }).fill('Maria@2026')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Nome impresso no cartão').fill('FERNANDA L ROCHA')
  await page.getByLabel('Número do cartão').fill(number)
  await page.getByLabel('Validade (MM/AA)').fill(expiry)
  await page.getByLabel('Código de segurança (CVV)').fill('123')
}

export const payButton = (page: Page) => page.getByRole('button', { name: /^Pagar R\$/ })
