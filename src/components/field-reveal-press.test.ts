// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { createFieldReveal, revealingRegister } from './field-reveal'

/**
 * A field left by pressing another control: its message must not appear (and move that control)
 * before the press is released, or the click lands on nothing.
 */
describe('revealingRegister and a press that leaves a field', () => {
  it('judges the field only after the mouse button is released, and after its click', async () => {
    const reveal = createFieldReveal()
    const order: string[] = []
    const register = vi.fn((name: string) => ({
      name,
      ref: () => {},
      onChange: async () => {},
      onBlur: async () => void order.push(`judged:${name}`),
    }))
    const field = revealingRegister(register as never, reveal)('cep' as never)
    await field.onChange({ target: {}, type: 'change' })

    dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse' }))
    const left = field.onBlur({ target: {}, type: 'blur' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(order).toEqual([])
    dispatchEvent(new PointerEvent('pointerup', { pointerType: 'mouse' }))
    order.push('click')
    await left
    expect(order).toEqual(['click', 'judged:cep'])
  })

  it('a touch moves focus after its release: nothing waits', async () => {
    const reveal = createFieldReveal()
    const judged = vi.fn(async () => {})
    const register = vi.fn((name: string) => ({
      name,
      ref: () => {},
      onChange: judged,
      onBlur: judged,
    }))
    const field = revealingRegister(register as never, reveal)('city' as never)
    dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch' }))
    await field.onBlur({ target: {}, type: 'blur' })
    expect(judged).toHaveBeenCalledTimes(1)
    dispatchEvent(new PointerEvent('pointerup', { pointerType: 'touch' }))
  })
})
