import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './fixtures/a11y'

/**
 * The account journeys against the relay over the offline service. The relay allows 10 logins
 * a minute per IP and every test here shares 127.0.0.1: this file logs in 5 times in all.
 */
const MARIA = {
  cpf: '529.982.247-25',
  password: 'Maria@2026',
  email: 'maria.santos@exemplo.com.br',
}

async function logIn(page: Page, password = MARIA.password) {
  await page.getByLabel('CPF ou CNPJ').fill(MARIA.cpf)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
}

/** A fresh unpaid order of Maria's, so cancelling never consumes a seeded one. */
async function createPendingOrder(page: Page): Promise<{ code: string; id: string }> {
  return page.evaluate(async (document) => {
    const response = await fetch('/api/checkout', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': `e2e_${crypto.randomUUID()}`,
      },
      body: JSON.stringify({
        user: {
          document,
          name: 'Maria Aparecida Santos',
          email: 'maria.santos@exemplo.com.br',
          cellphone: '11987654321',
          state: 'SP',
          city: 'São Paulo',
          address: 'Avenida Paulista',
          neighborhood: 'Bela Vista',
          number: 1578,
          addressDetail: 'Apto 84',
          zipCode: '01310200',
        },
        orderItems: [{ product: 'TOKEN-USB', quantity: 1, price: 119, discount: 0 }],
        negotiationType: 2,
        uri: 'u1_loja',
      }),
    })
    if (response.status !== 201) throw new Error(`checkout answered ${response.status}`)
    const body = (await response.json()) as { data: { orderCode: string; orderId: string } }
    return { code: body.data.orderCode, id: body.data.orderId }
  }, '52998224725')
}

test('login → history → detail → cancel a pending order, then logout', async ({ page }) => {
  // A crafted ?voltar= pointing off-site is ignored: the history is the default.
  await page.goto('/entrar?voltar=//evil.example/roubo')
  const order = await createPendingOrder(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar na sua conta' })).toBeVisible()
  await expectNoA11yViolations(page)
  await logIn(page)

  await expect(page).toHaveURL(/\/minha-conta\/pedidos$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Minha conta' }),
  ).toBeVisible()
  const list = page.getByRole('list', { name: 'Meus pedidos' })
  // Newest first: the order just created leads.
  await expect(list.getByRole('heading', { level: 2 }).first()).toHaveText(`Pedido ${order.code}`)
  await expectNoA11yViolations(page)

  await page.getByRole('searchbox', { name: 'Buscar por código ou produto' }).fill(order.code)
  await expect(page.getByText('1 pedido', { exact: true })).toBeVisible()
  await list.getByRole('link', { name: `Pedido ${order.code}` }).click()

  await expect(page).toHaveURL(new RegExp(`/minha-conta/pedidos/${order.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${order.code}` })).toBeFocused()
  await expect(page.getByRole('article')).toContainText(
    /Situação do pagamento\s*Aguardando pagamento/,
  )
  await expectNoA11yViolations(page)

  await page.getByRole('button', { name: 'Cancelar pedido' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancelar o pedido ${order.code}?` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Manter pedido' })).toBeFocused()
  await expectNoA11yViolations(page)
  await dialog.getByLabel('Motivo do cancelamento (opcional)').fill('Comprei o produto errado')
  await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click()

  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: `Pedido ${order.code} cancelado.` }),
  ).toBeFocused()
  // The service's `CANCELADO` reads as a clear cancelled state, with the reason just given.
  await expect(page.getByRole('article')).toContainText(/Situação do pagamento\s*Cancelado/)
  await expect(page.getByRole('region', { name: 'Pedido cancelado' })).toContainText(
    'Motivo informado: Comprei o produto errado',
  )
  await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0)

  await page.getByRole('link', { name: /Voltar para meus pedidos/ }).click()
  await expect(
    list.getByRole('listitem').filter({ hasText: `Pedido ${order.code}` }),
  ).toContainText('Cancelado')

  await page.getByRole('button', { name: 'Sair da conta' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(
    page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Entrar' }),
  ).toBeVisible()
  expect(
    await page.evaluate(async () => (await (await fetch('/api/session')).json()) as unknown),
  ).toEqual({
    authenticated: false,
    expiresAt: null,
  })
})

test('a wrong password is refused with a clear message; empty fields are listed first', async ({
  page,
}) => {
  await page.goto('/entrar')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('alert', { name: 'Corrija 2 campos para continuar:' })).toBeFocused()
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveAttribute('aria-invalid', 'true')
  await expectNoA11yViolations(page)

  // The relay takes its time on a login (seconds, after earlier failures): held here, the
  // button says it is working, keeps the focus and lets no second login through.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let logins = 0
  await page.route('**/api/session', async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    logins++
    await held
    await route.continue()
  })
  await logIn(page, 'senha-errada')
  const busy = page.getByRole('button', { name: 'Entrando…' })
  await expect(busy).toBeFocused()
  await expect(busy).toHaveAttribute('aria-busy', 'true')
  await expect(busy).toHaveAttribute('aria-disabled', 'true')
  await expectNoA11yViolations(page)
  await page.keyboard.press('Enter')
  // aria-disabled: Playwright waits for an "enabled" button, a person just clicks again.
  await busy.click({ force: true })
  release()
  await expect(page.getByRole('alert')).toHaveText(
    'CPF/CNPJ ou senha incorretos. Confira e tente de novo.',
  )
  expect(logins).toBe(1)
  await page.unroute('**/api/session')
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('')
  await expect(page).toHaveURL(/\/entrar$/)
  await expectNoA11yViolations(page)
})

test('an expired session (any 401) sends the user to login and back to where they were', async ({
  page,
}) => {
  await page.goto('/minha-conta/pedidos')
  await expect(page).toHaveURL(/\/entrar\?voltar=%2Fminha-conta%2Fpedidos$/)
  await expect(page.getByText('Entre na sua conta para continuar.')).toBeVisible()
  await logIn(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()
  // The list is read after the heading shows: the session must end after it arrived, or the
  // list's own read is the one answered 401 (and the login's "voltar" is the list).
  const order = page.getByRole('link', { name: 'Pedido V2026-001002' })
  await expect(order).toBeVisible()

  // The session cookie goes (expired, cleared); the next call answers 401.
  await page.context().clearCookies()
  await order.click()
  await expect(page).toHaveURL(/\/entrar\?voltar=%2Fminha-conta%2Fpedidos%2F1002$/)
  await expect(
    page.getByText('Sua sessão expirou. Entre novamente para continuar de onde parou.'),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  await logIn(page)
  await expect(page).toHaveURL(/\/minha-conta\/pedidos\/1002$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pedido V2026-001002' })).toBeVisible()
})

test('the session ends on its own at its expiry time', async ({ page }) => {
  await page.clock.install()
  await page.goto('/entrar?voltar=%2Fminha-conta%2Fpedidos')
  await logIn(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Meus pedidos' })).toBeVisible()

  // Sessions last 12 h (expires_in 43200): a minute past that the page leaves by itself.
  await page.clock.fastForward('12:01:00')
  await expect(page).toHaveURL(/\/entrar\?voltar=%2Fminha-conta%2Fpedidos$/)
  await expect(page.getByText(/Sua sessão expirou/)).toBeVisible()
  // …and the relay was told, so the cookie does not outlive what the page says.
  await expect
    .poll(() =>
      page.evaluate(
        async () =>
          ((await (await fetch('/api/session')).json()) as { authenticated: boolean })
            .authenticated,
      ),
    )
    .toBe(false)
})

test('forgot password: the same answer whether or not the CPF and e-mail are an account’s, without internals', async ({
  page,
}) => {
  await page.goto('/entrar')
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible()

  // Same rules as checkout: CPF check digits and e-mail format, before anything is sent.
  await page.getByLabel('CPF ou CNPJ').fill('111.111.111-11')
  await page.getByLabel('E-mail').fill('maria@')
  await page.getByRole('button', { name: 'Enviar instruções' }).click()
  await expect(page.getByRole('alert', { name: 'Corrija 2 campos para continuar:' })).toBeFocused()
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription(
    'E-mail inválido: use o formato nome@exemplo.com.br.',
  )
  await expectNoA11yViolations(page)

  // A CPF and e-mail of no account: the service fails with a 500 and a trace; the page says
  // what it says for a match, and nothing of the failure.
  await page.getByLabel('CPF ou CNPJ').fill('111.444.777-35')
  await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br')
  await page.getByRole('button', { name: 'Enviar instruções' }).click()
  const sent = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: 'Pedido recebido' }) })
  await expect(sent).toBeFocused()
  await expect(sent).toContainText('Se o CPF ou CNPJ e o e-mail conferem com uma conta')
  const noAccount = await sent.textContent()
  await expect(page.locator('body')).not.toContainText(/getEmail|getId|trace|\.php/)
  await expectNoA11yViolations(page)

  await page.reload()
  await page.getByLabel('CPF ou CNPJ').fill(MARIA.cpf)
  await page.getByLabel('E-mail').fill(MARIA.email)
  await page.getByRole('button', { name: 'Enviar instruções' }).click()
  await expect(sent).toBeFocused()
  expect(await sent.textContent()).toBe(noAccount)
  await expectNoA11yViolations(page)
})
