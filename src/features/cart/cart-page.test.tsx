// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cart } from '../../state/cart-store'
import { link } from '../../state/link-store'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { CartPage } from './cart-page'

/** Products of the offline service's catalog (Certifica Brasil), at their listed prices. */
const TOKEN = { sku: 'TOKEN-USB', description: 'Token USB criptográfico', priceCents: 11900 }
const READER = {
  sku: 'LEITORA-CARTAO',
  description: 'Leitora de cartão inteligente',
  priceCents: 8999,
}
const ECPF = {
  sku: 'ECPF-A1-12',
  description: 'Certificado Digital e-CPF A1 – 12 meses',
  priceCents: 15990,
}

function put(product: typeof TOKEN, quantity = 1) {
  cart.add({ ...product, imageHref: '/produtos/x.svg', imageAlt: '' }, quantity)
}

const quantityOf = (sku: string) => cart.get().items.find((i) => i.sku === sku)?.quantity
const field = (name: string) => screen.getByRole('spinbutton', { name: `Quantidade de ${name}` })
const line = (name: string) =>
  within(screen.getByRole('list', { name: 'Itens do carrinho' }))
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('heading', { name }))
const checkout = () => screen.getByRole('button', { name: 'Finalizar compra' })
const undo = () => screen.getByRole('button', { name: 'Desfazer' })
const announced = () => screen.getByRole('status', { hidden: true, name: '' })

async function renderCart() {
  serveRelay()
  const rendered = renderRoutes([{ path: 'carrinho', element: <CartPage /> }], '/carrinho')
  // Prices checked against the listing: the cart is ready.
  await waitFor(() => expect(checkout()).toBeEnabled())
  return rendered
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  cart.reload()
  link.reload()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('CartPage: quantity 0 asks about removal', () => {
  it('typing 0 asks "Remover este item?"; Manter keeps the line as it was', async () => {
    put(TOKEN, 2)
    put(READER)
    const { user } = await renderCart()
    const quantity = field(TOKEN.description)
    await user.clear(quantity)
    // An emptied field is someone retyping: no question yet.
    expect(screen.queryByRole('group', { name: /^Remover .* do carrinho\?$/ })).toBeNull()
    await user.type(quantity, '0')

    const question = screen.getByRole('group', {
      name: `Remover ${TOKEN.description} do carrinho?`,
    })
    expect(within(question).getByText('Remover este item?')).toBeVisible()
    expect(within(question).getByRole('button', { name: 'Remover' })).toBeInTheDocument()
    expect(announced()).toHaveTextContent(
      `Quantidade zero: remover ${TOKEN.description} do carrinho? Escolha Remover ou Manter.`,
    )
    // Nothing is lost while the question is open, and checkout waits for the answer.
    expect(quantityOf(TOKEN.sku)).toBe(2)
    expect(checkout()).toBeDisabled()
    expect(
      screen.getByText('Responda se quer remover o item destacado para continuar.'),
    ).toBeInTheDocument()

    await user.click(within(question).getByRole('button', { name: 'Manter' }))
    expect(screen.queryByRole('group', { name: /^Remover .* do carrinho\?$/ })).toBeNull()
    expect(quantity).toHaveValue(2)
    expect(quantity).toHaveFocus()
    expect(quantityOf(TOKEN.sku)).toBe(2)
    expect(checkout()).toBeEnabled()
    expect(announced()).toHaveTextContent(`${TOKEN.description} continua no carrinho.`)
  })

  it('emptying the field and leaving it asks too; Remover removes the line', async () => {
    put(TOKEN, 2)
    put(READER)
    const { user } = await renderCart()
    await user.clear(field(TOKEN.description))
    await user.tab()
    const question = screen.getByRole('group', { name: /^Remover .* do carrinho\?$/ })
    expect(field(TOKEN.description)).toHaveValue(0)
    await user.click(within(question).getByRole('button', { name: 'Remover' }))

    expect(line(TOKEN.description)).toBeUndefined()
    expect(quantityOf(TOKEN.sku)).toBeUndefined()
    expect(announced()).toHaveTextContent(`${TOKEN.description} removido do carrinho.`)
    expect(undo()).toHaveFocus()
    expect(checkout()).toBeEnabled()
    // Put back with the quantity it had before the field was emptied.
    await user.click(undo())
    expect(quantityOf(TOKEN.sku)).toBe(2)
  })

  it('Escape in the question keeps the line', async () => {
    put(TOKEN, 3)
    const { user } = await renderCart()
    await user.clear(field(TOKEN.description))
    await user.type(field(TOKEN.description), '0')
    await user.click(screen.getByRole('button', { name: 'Manter' }))
    await user.clear(field(TOKEN.description))
    await user.type(field(TOKEN.description), '0')
    screen.getByRole('button', { name: 'Remover' }).focus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: /^Remover .* do carrinho\?$/ })).toBeNull()
    expect(field(TOKEN.description)).toHaveValue(3)
    expect(field(TOKEN.description)).toHaveFocus()
  })
})

describe('CartPage: more than the maximum', () => {
  it('150 typed sets the maximum, and the line says so until the quantity changes', async () => {
    put(TOKEN, 2)
    const { user } = await renderCart()
    const quantity = field(TOKEN.description)
    await user.clear(quantity)
    await user.type(quantity, '150')
    expect(quantityOf(TOKEN.sku)).toBe(99)
    expect(quantity).toHaveValue(99)
    expect(quantity).not.toHaveAttribute('aria-invalid')
    expect(quantity).toHaveAccessibleDescription('O máximo é 99 unidades por item.')
    expect(announced()).toHaveTextContent('O máximo é 99 unidades por item.')
    await user.tab()
    expect(quantity).toHaveValue(99)
    expect(checkout()).toBeEnabled()

    await user.clear(quantity)
    await user.type(quantity, '3')
    expect(quantityOf(TOKEN.sku)).toBe(3)
    expect(quantity).not.toHaveAccessibleDescription()
    expect(within(line(TOKEN.description)!).queryByText(/O máximo é 99/)).toBeNull()
  })
})

describe('CartPage: invalid quantities', () => {
  it.each(['-1', '150.5', '2.5'])(
    '%s gets a message next to the field and changes nothing',
    async (typed) => {
      put(TOKEN, 2)
      await renderCart()
      const quantity = field(TOKEN.description)
      quantity.focus()
      fireEvent.change(quantity, { target: { value: typed } })
      const message =
        'Quantidade inválida: use um número inteiro de 1 a 99. Mantida a quantidade 2.'
      expect(quantity).toHaveAttribute('aria-invalid', 'true')
      expect(quantity).toHaveAccessibleDescription(message)
      expect(quantityOf(TOKEN.sku)).toBe(2)

      // Leaving the field shows the cart's quantity again; the message stays until fixed.
      fireEvent.blur(quantity)
      expect(quantity).toHaveValue(2)
      expect(screen.getByText(message)).toBeInTheDocument()
      expect(announced()).toHaveTextContent(
        `${TOKEN.description}: quantidade inválida, use um número inteiro de 1 a 99. Mantida a quantidade 2.`,
      )
      expect(checkout()).toBeEnabled()

      fireEvent.change(quantity, { target: { value: '3' } })
      expect(quantity).not.toHaveAttribute('aria-invalid')
      expect(screen.queryByText(message)).toBeNull()
      expect(quantityOf(TOKEN.sku)).toBe(3)
    },
  )
})

describe('CartPage: focus', () => {
  it('stays on the "+" or "−" that was pressed, so it can be pressed again', async () => {
    put(TOKEN, 98)
    const { user } = await renderCart()
    const plus = screen.getByRole('button', { name: `Aumentar quantidade de ${TOKEN.description}` })
    plus.focus()
    await user.keyboard('{Enter}')
    expect(quantityOf(TOKEN.sku)).toBe(99)
    // At the maximum the button stays focusable (a disabled one drops focus) and says why.
    expect(plus).toHaveFocus()
    expect(plus).toBeEnabled()
    expect(plus).toHaveAttribute('aria-disabled', 'true')
    await user.keyboard('{Enter}')
    expect(quantityOf(TOKEN.sku)).toBe(99)
    expect(announced()).toHaveTextContent('O máximo é 99 unidades por item.')

    const minus = screen.getByRole('button', {
      name: `Diminuir quantidade de ${TOKEN.description}`,
    })
    minus.focus()
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(quantityOf(TOKEN.sku)).toBe(97)
    expect(minus).toHaveFocus()
    expect(plus).not.toHaveAttribute('aria-disabled')
  })

  it('"−" at 1 asks about removal and keeps its focus; the quantity stays 1', async () => {
    put(TOKEN, 2)
    const { user } = await renderCart()
    const minus = screen.getByRole('button', {
      name: `Diminuir quantidade de ${TOKEN.description}`,
    })
    minus.focus()
    await user.keyboard('{Enter}')
    expect(quantityOf(TOKEN.sku)).toBe(1)
    expect(minus).toHaveFocus()
    expect(minus).toBeEnabled()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('group', { name: /^Remover .* do carrinho\?$/ })).toBeInTheDocument()
    expect(field(TOKEN.description)).toHaveValue(0)
    expect(quantityOf(TOKEN.sku)).toBe(1)
    expect(minus).toHaveFocus()
    // "+" answers the question too: the line is wanted after all.
    await user.click(
      screen.getByRole('button', { name: `Aumentar quantidade de ${TOKEN.description}` }),
    )
    expect(screen.queryByRole('group', { name: /^Remover .* do carrinho\?$/ })).toBeNull()
    expect(quantityOf(TOKEN.sku)).toBe(2)
  })

  it('a removal leaves "Desfazer" in its place, focused; it puts the line back where it was', async () => {
    put(TOKEN)
    put(READER, 3)
    put(ECPF)
    const { user } = await renderCart()
    await user.click(screen.getByRole('button', { name: `Remover ${READER.description}` }))
    expect(line(READER.description)).toBeUndefined()
    expect(undo()).toHaveFocus()
    expect(undo()).toHaveAccessibleDescription(`${READER.description} removido.`)
    // In the removed line's place: second in the list.
    const items = within(screen.getByRole('list', { name: 'Itens do carrinho' })).getAllByRole(
      'listitem',
    )
    expect(items[1]).toContainElement(undo())

    await user.click(undo())
    expect(cart.get().items.map((i) => [i.sku, i.quantity])).toEqual([
      [TOKEN.sku, 1],
      [READER.sku, 3],
      [ECPF.sku, 1],
    ])
    expect(field(READER.description)).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Desfazer' })).toBeNull()
    expect(announced()).toHaveTextContent(`${READER.description} voltou ao carrinho.`)
  })

  it('the last line removed leaves an empty cart that can still be undone', async () => {
    put(TOKEN, 2)
    const { user } = await renderCart()
    await user.click(screen.getByRole('button', { name: `Remover ${TOKEN.description}` }))
    expect(screen.getByText('Seu carrinho está vazio.')).toBeInTheDocument()
    expect(undo()).toHaveFocus()
    await user.click(undo())
    expect(field(TOKEN.description)).toHaveValue(2)
    expect(field(TOKEN.description)).toHaveFocus()
  })

  it('only the last removal is offered to undo', async () => {
    put(TOKEN)
    put(READER)
    const { user } = await renderCart()
    await user.click(screen.getByRole('button', { name: `Remover ${TOKEN.description}` }))
    await user.click(screen.getByRole('button', { name: `Remover ${READER.description}` }))
    expect(screen.getAllByRole('button', { name: 'Desfazer' })).toHaveLength(1)
    expect(undo()).toHaveAccessibleDescription(`${READER.description} removido.`)
  })

  it('a line whose field is disabled (product withdrawn) is put back with focus on "Remover"', async () => {
    put(TOKEN)
    cart.add({
      sku: 'NFE-A1-12',
      description: 'Certificado NF-e A1 – 12 meses',
      priceCents: 21990,
      imageHref: '/produtos/x.svg',
      imageAlt: '',
    })
    const { user } = serveRelayAndRender()
    await screen.findByText('Este produto não está mais disponível. Remova-o para continuar.')
    await user.click(screen.getByRole('button', { name: 'Remover Certificado NF-e A1 – 12 meses' }))
    await user.click(undo())
    expect(
      screen.getByRole('button', { name: 'Remover Certificado NF-e A1 – 12 meses' }),
    ).toHaveFocus()
  })
})

describe('CartPage: an e-CPF and an e-CNPJ', () => {
  const ECNPJ = {
    sku: 'ECNPJ-A1-12',
    description: 'Certificado Digital e-CNPJ A1 – 12 meses',
    priceCents: 23990,
  }

  it('says before checkout that they cannot be one order, and which lines are which', async () => {
    put(ECPF)
    put(ECNPJ)
    put(TOKEN)
    const { user } = serveRelayAndRender()
    const notice = await screen.findByRole('region', {
      name: 'e-CPF e e-CNPJ não vão no mesmo pedido',
    })
    expect(notice).toHaveTextContent(
      `Para pessoa física (CPF): ${ECPF.description}. Para empresa (CNPJ): ${ECNPJ.description}.`,
    )
    expect(within(line(ECPF.description)!).getByRole('note')).toHaveTextContent(
      'Para pessoa física (CPF)',
    )
    expect(within(line(ECNPJ.description)!).getByRole('note')).toHaveTextContent(
      'Para empresa (CNPJ)',
    )
    // A token is for either: nothing said on its line.
    expect(within(line(TOKEN.description)!).queryByRole('note')).toBeNull()
    expect(screen.getByText('Remova o e-CPF ou o e-CNPJ para finalizar a compra.')).toBeVisible()
    expect(checkout()).toBeDisabled()

    await user.click(screen.getByRole('button', { name: `Remover ${ECNPJ.description}` }))
    expect(screen.queryByRole('region', { name: /não vão no mesmo pedido/ })).toBeNull()
    await waitFor(() => expect(checkout()).toBeEnabled())
  })
})

/** For a cart that is not ready (a withdrawn product blocks checkout). */
function serveRelayAndRender() {
  serveRelay()
  return renderRoutes([{ path: 'carrinho', element: <CartPage /> }], '/carrinho')
}
