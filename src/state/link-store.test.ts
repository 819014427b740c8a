// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { link, LINK_STORAGE_KEY, useLink, visitRecordScript } from './link-store'

const capture = (search: string, pathRef?: string) =>
  link.capture(new URLSearchParams(search), pathRef)
const saved = () => JSON.parse(sessionStorage.getItem(LINK_STORAGE_KEY) ?? 'null') as unknown

beforeEach(() => {
  sessionStorage.clear()
  link.reload()
})

describe('link store', () => {
  it('starts with no link, no UTM and no notice', () => {
    expect(link.get()).toEqual({ place: null, utm: {}, notice: null })
  })

  it('captures a referrer link from ?p=i34_k9x', () => {
    capture('?p=i34_k9x')
    expect(link.get()).toEqual({
      place: { kind: 'referrer', number: 34, key: 'k9x', ref: 'i34_k9x' },
      utm: {},
      notice: null,
    })
  })

  it('captures a unit link from ?p=u12_ab3f', () => {
    capture('p=u12_ab3f')
    expect(link.get().place).toEqual({ kind: 'unit', number: 12, key: 'ab3f', ref: 'u12_ab3f' })
  })

  it('accepts the service form with ":" and keeps the link form', () => {
    capture('p=i34:k9x')
    expect(link.get().place?.ref).toBe('i34_k9x')
  })

  it('accepts the hosted-shop form with "-", a key that has dashes of its own', () => {
    capture('p=i1-contabilidade-indicador')
    expect(link.get().place).toEqual({
      kind: 'referrer',
      number: 1,
      key: 'contabilidade-indicador',
      ref: 'i1_contabilidade-indicador',
    })
  })

  it('captures the path form (/i/34_k9x → i34_k9x), which wins over ?p=', () => {
    capture('', 'i34_k9x')
    expect(link.get().place?.ref).toBe('i34_k9x')
    capture('p=u1_loja', 'u12_ab3f')
    expect(link.get().place?.ref).toBe('u12_ab3f')
  })

  it.each(['xyz', 'i34', 'i34_', 'x34_k9x', 'i34_k9x;drop', '<script>'])(
    'an invalid p (%j) gives a notice and the default unit',
    (p) => {
      capture(`p=${encodeURIComponent(p)}`)
      expect(link.get().place).toBeNull()
      expect(link.get().notice).toBe('invalid-link')
    },
  )

  it('an invalid link replaces an earlier valid one (the visitor sees the default unit and why)', () => {
    capture('p=i34_k9x')
    capture('p=xyz')
    expect(link.get()).toMatchObject({ place: null, notice: 'invalid-link' })
    expect(saved()).toEqual({ version: 1, data: { ref: null, utm: {} } })
  })

  it('an invalid path form gives the notice too', () => {
    capture('', 'i!!')
    expect(link.get()).toMatchObject({ place: null, notice: 'invalid-link' })
  })

  it('an empty p is no link at all (no notice)', () => {
    capture('p=')
    expect(link.get()).toEqual({ place: null, utm: {}, notice: null })
  })

  it('a later page without p keeps the link (navigation within the visit)', () => {
    capture('p=i34_k9x')
    capture('')
    capture('categoria=Servi%C3%A7os')
    expect(link.get().place?.ref).toBe('i34_k9x')
  })

  it('the same address again changes nothing, not even the object its readers compare', () => {
    for (const search of ['p=i34_k9x&utm_source=zap', 'p=xyz']) {
      capture(search)
      const first = link.get()
      capture(search)
      expect(link.get()).toBe(first)
    }
    // A notice closed stays closed; a link the service refused is not brought back by it.
    link.dismissNotice()
    const dismissed = link.get()
    capture('utm_source=zap')
    expect(link.get()).toBe(dismissed)
  })

  it('a new valid link replaces the old one', () => {
    capture('p=i34_k9x')
    capture('p=u12_ab3f')
    expect(link.get().place?.ref).toBe('u12_ab3f')
  })

  it('captures UTM fields and keeps them across later pages', () => {
    capture(
      'p=i34_k9x&utm_source=newsletter&utm_medium=email&utm_campaign=black-friday&utm_id=42&utm_term=ignorado',
    )
    capture('')
    expect(link.get().utm).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'black-friday',
      utmId: '42',
    })
  })

  it('UTM fields without a link are kept too, and merge with later ones', () => {
    capture('utm_source=instagram')
    capture('utm_campaign=natal')
    expect(link.get()).toMatchObject({
      place: null,
      utm: { utmSource: 'instagram', utmCampaign: 'natal' },
      notice: null,
    })
  })

  it('cuts a UTM value to 200 characters', () => {
    capture(`utm_source=${'a'.repeat(500)}`)
    expect(link.get().utm.utmSource).toHaveLength(200)
  })

  it('keeps the visit in sessionStorage as a versioned record', () => {
    capture('p=i34_k9x&utm_source=newsletter')
    expect(saved()).toEqual({
      version: 1,
      data: { ref: 'i34_k9x', utm: { utmSource: 'newsletter' } },
    })
  })

  it('a reload restores the link and UTM from sessionStorage, without the notice', () => {
    capture('p=u12_ab3f&utm_medium=cpc')
    link.reload()
    expect(link.get()).toEqual({
      place: { kind: 'unit', number: 12, key: 'ab3f', ref: 'u12_ab3f' },
      utm: { utmMedium: 'cpc' },
      notice: null,
    })
  })

  it('a fresh page load (new module) reads the saved visit', async () => {
    capture('p=i34_k9x')
    vi.resetModules()
    const fresh = await import('./link-store')
    expect(fresh.link.get().place?.ref).toBe('i34_k9x')
  })

  it.each([
    ['corrupt JSON', '{oops'],
    ['another version', JSON.stringify({ version: 9, data: { ref: 'i34_k9x', utm: {} } })],
    ['a wrong shape', JSON.stringify({ version: 1, data: { ref: 34 } })],
  ])('drops %s in sessionStorage and starts clean', (_, raw) => {
    sessionStorage.setItem(LINK_STORAGE_KEY, raw)
    expect(() => link.reload()).not.toThrow()
    expect(link.get()).toEqual({ place: null, utm: {}, notice: null })
    expect(sessionStorage.getItem(LINK_STORAGE_KEY)).toBeNull()
  })

  it('a saved ref that no longer parses gives no link', () => {
    sessionStorage.setItem(
      LINK_STORAGE_KEY,
      JSON.stringify({ version: 1, data: { ref: 'lixo', utm: {} } }),
    )
    link.reload()
    expect(link.get().place).toBeNull()
  })

  it('rejectUnknown falls back to the default unit with the unknown-link notice, keeping UTM', () => {
    capture('p=i99_zzz&utm_source=newsletter')
    link.rejectUnknown()
    expect(link.get()).toEqual({
      place: null,
      utm: { utmSource: 'newsletter' },
      notice: 'unknown-link',
    })
    expect(saved()).toEqual({ version: 1, data: { ref: null, utm: { utmSource: 'newsletter' } } })
  })

  it('dismissNotice hides the notice and keeps the rest', () => {
    capture('p=xyz&utm_source=a')
    link.dismissNotice()
    expect(link.get()).toEqual({ place: null, utm: { utmSource: 'a' }, notice: null })
  })

  it('the notice stays while the visitor navigates without p', () => {
    capture('p=xyz')
    capture('')
    expect(link.get().notice).toBe('invalid-link')
  })

  it('useLink re-renders when the link changes', () => {
    const { result } = renderHook(() => useLink())
    expect(result.current.place).toBeNull()
    act(() => capture('p=i34_k9x'))
    expect(result.current.place?.kind).toBe('referrer')
  })
})

describe('the visit kept by a server-rendered landing before the app starts', () => {
  /** Runs the head's snippet as the page would, then lets the store read what it wrote. */
  const land = (search: string) => {
    const script = visitRecordScript(new URLSearchParams(search))
    new Function(script)()
    return script
  }

  it('writes the record link.capture would, so the next page keeps the referral', () => {
    land('?p=i34_k9x&utm_campaign=natal')
    const early = saved()
    sessionStorage.clear()
    link.reload()
    capture('?p=i34_k9x&utm_campaign=natal')
    expect(early).toEqual(saved())
    link.reload()
    expect(link.get().place?.ref).toBe('i34_k9x')
  })

  it('replaces an earlier link and keeps UTM fields the URL does not repeat', () => {
    capture('?p=u12_ab3f&utm_source=zap')
    land('?p=i34_k9x&utm_campaign=natal')
    expect(saved()).toEqual({
      version: 1,
      data: { ref: 'i34_k9x', utm: { utmSource: 'zap', utmCampaign: 'natal' } },
    })
  })

  it('writes nothing for a URL with no link and no UTM', () => {
    expect(land('?busca=token')).toBe('')
    expect(saved()).toBeNull()
  })

  it('cannot be broken out of by a UTM field (attack)', () => {
    const hostile = '</script><script>alert(1)</script>'
    const script = land(`?p=i34_k9x&utm_source=${encodeURIComponent(hostile)}`)
    expect(script).not.toMatch(/<\/script|<script/i)
    expect(saved()).toMatchObject({ data: { utm: { utmSource: hostile } } })
  })

  it('a corrupt record is replaced, never thrown over', () => {
    sessionStorage.setItem(LINK_STORAGE_KEY, '{oops')
    land('?p=i34_k9x')
    expect(saved()).toEqual({ version: 1, data: { ref: 'i34_k9x', utm: {} } })
  })
})
