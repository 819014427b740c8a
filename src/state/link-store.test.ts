// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  link,
  LINK_ATTRIBUTION_MS,
  LINK_STORAGE_KEY,
  linkFromUrl,
  useLink,
  visitEarlyScript,
} from './link-store'

const capture = (search: string, pathRef?: string) =>
  link.capture(new URLSearchParams(search), pathRef)
const saved = () => JSON.parse(localStorage.getItem(LINK_STORAGE_KEY) ?? 'null') as unknown

/** The clock every record is written on (the window runs from the time a link was followed). */
const T0 = Date.parse('2026-12-01T12:00:00Z')
const DAY = 24 * 60 * 60 * 1000

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(T0)
  localStorage.clear()
  link.reload()
})
afterEach(() => {
  vi.useRealTimers()
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
    expect(saved()).toEqual({ version: 2, data: { ref: null, utm: {}, savedAt: T0 } })
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

  it('keeps the visit in localStorage as a versioned record, with when the link was followed', () => {
    capture('p=i34_k9x&utm_source=newsletter')
    expect(saved()).toEqual({
      version: 2,
      data: { ref: 'i34_k9x', utm: { utmSource: 'newsletter' }, savedAt: T0 },
    })
  })

  it('a reload restores the link and UTM from localStorage, without the notice', () => {
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
    ['a wrong shape', JSON.stringify({ version: 2, data: { ref: 34 } })],
    [
      'the per-tab record of before',
      JSON.stringify({ version: 1, data: { ref: 'i34_k9x', utm: {} } }),
    ],
  ])('drops %s in localStorage and starts clean', (_, raw) => {
    localStorage.setItem(LINK_STORAGE_KEY, raw)
    expect(() => link.reload()).not.toThrow()
    expect(link.get()).toEqual({ place: null, utm: {}, notice: null })
    expect(localStorage.getItem(LINK_STORAGE_KEY)).toBeNull()
  })

  it('a saved ref that no longer parses gives no link', () => {
    localStorage.setItem(
      LINK_STORAGE_KEY,
      JSON.stringify({ version: 2, data: { ref: 'lixo', utm: {}, savedAt: T0 } }),
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
    expect(saved()).toEqual({
      version: 2,
      data: { ref: null, utm: { utmSource: 'newsletter' }, savedAt: T0 },
    })
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

describe('the link kept across tabs and visits, for its window', () => {
  const freshTab = async () => {
    vi.resetModules()
    return (await import('./link-store')).link
  }

  it('another tab, or a return days later within the window, still carries the referrer', async () => {
    capture('p=i34_k9x&utm_source=whatsapp')
    vi.setSystemTime(T0 + 29 * DAY)
    const tab = await freshTab()
    expect(tab.get()).toMatchObject({
      place: { ref: 'i34_k9x' },
      utm: { utmSource: 'whatsapp' },
    })
  })

  it('past the window the visit starts clean and the record is gone', async () => {
    capture('p=i34_k9x&utm_source=whatsapp')
    vi.setSystemTime(T0 + LINK_ATTRIBUTION_MS + 1)
    const tab = await freshTab()
    expect(tab.get()).toEqual({ place: null, utm: {}, notice: null })
    expect(saved()).toBeNull()
  })

  it('the window runs from the first follow: the same link again does not extend it', async () => {
    capture('p=i34_k9x')
    vi.setSystemTime(T0 + 20 * DAY)
    const tab = await freshTab()
    tab.capture(new URLSearchParams('p=i34_k9x&utm_campaign=natal'))
    expect(saved()).toMatchObject({ data: { savedAt: T0 } })
    vi.setSystemTime(T0 + LINK_ATTRIBUTION_MS + 1)
    expect((await freshTab()).get().place).toBeNull()
  })

  it('the last link followed wins, and its window starts then', () => {
    capture('p=i34_k9x')
    vi.setSystemTime(T0 + 5 * DAY)
    capture('p=u12_ab3f')
    expect(saved()).toMatchObject({ data: { ref: 'u12_ab3f', savedAt: T0 + 5 * DAY } })
  })

  it('a record dated in the future (a clock set ahead, a forged record) is not believed', async () => {
    localStorage.setItem(
      LINK_STORAGE_KEY,
      JSON.stringify({ version: 2, data: { ref: 'i34_k9x', utm: {}, savedAt: T0 + 365 * DAY } }),
    )
    expect((await freshTab()).get().place).toBeNull()
  })
})

describe('the visit kept by a server-rendered page before the app starts', () => {
  /** Runs the head's snippet as the page would, then lets the store read what it wrote. */
  /** The script as the server writes it for an address (its `p` read as the render reads it). */
  const scriptFor = (url: URL, restore = false) => {
    const p = url.searchParams.get('p')
    return visitEarlyScript(
      p ? (linkFromUrl(url.searchParams).place?.ref ?? null) : undefined,
      restore,
    )
  }
  const land = (search: string) => {
    const url = new URL(`https://loja.test/${search.startsWith('?') ? search : `?${search}`}`)
    const script = scriptFor(url)
    new Function('location', script)(url)
    return script
  }

  it('writes the record link.capture would, so the next page keeps the referral', () => {
    land('?p=i34_k9x&utm_campaign=natal')
    const early = saved()
    localStorage.clear()
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
      version: 2,
      data: { ref: 'i34_k9x', utm: { utmSource: 'zap', utmCampaign: 'natal' }, savedAt: T0 },
    })
  })

  it('writes nothing for a URL with no link and no UTM', () => {
    land('?busca=token')
    expect(saved()).toBeNull()
  })

  it('keeps UTM fields read from the address, the script the same for every campaign', () => {
    const plain = land('?p=i34_k9x')
    localStorage.clear()
    expect(land('?p=i34_k9x&utm_source=zap&utm_campaign=natal')).toBe(plain)
    expect(saved()).toMatchObject({
      data: { ref: 'i34_k9x', utm: { utmSource: 'zap', utmCampaign: 'natal' } },
    })
  })

  it('cannot be broken out of by a UTM field or a link (attack)', () => {
    const hostile = '</script><script>alert(1)</script>'
    const script = land(`?p=i34_k9x&utm_source=${encodeURIComponent(hostile)}`)
    expect(script).not.toMatch(/<\/script|<script/i)
    expect(saved()).toMatchObject({ data: { utm: { utmSource: hostile } } })
    expect(visitEarlyScript(hostile)).not.toMatch(/<\/script|<script/i)
  })

  it('a corrupt record is replaced, never thrown over', () => {
    localStorage.setItem(LINK_STORAGE_KEY, '{oops')
    land('?p=i34_k9x')
    expect(saved()).toEqual({ version: 2, data: { ref: 'i34_k9x', utm: {}, savedAt: T0 } })
  })

  /** Runs a priced page's head snippet with a location of its own; returns where it went. */
  const open = (href: string) => {
    const url = new URL(href)
    const script = scriptFor(url, true)
    const replace = vi.fn()
    new Function('location', script)({ href, search: url.search, replace })
    return replace.mock.calls.map((call) => String(call[0]))
  }

  it('a priced page without a link is asked again with the kept one, before any paint', () => {
    capture('p=i34_k9x')
    expect(open('https://loja.test/produto/TOKEN?busca=token')).toEqual([
      'https://loja.test/produto/TOKEN?busca=token&p=i34_k9x',
    ])
  })

  it('is never replaced when there is nothing kept, the link is past its window, or it has p', () => {
    expect(open('https://loja.test/')).toEqual([])
    capture('p=i34_k9x')
    expect(open('https://loja.test/?p=u12_ab3f')).toEqual([])
    vi.setSystemTime(T0 + LINK_ATTRIBUTION_MS + 1)
    expect(open('https://loja.test/')).toEqual([])
  })

  it('a tampered record cannot send the page elsewhere (attack)', () => {
    for (const ref of ['//evil.test', 'javascript:alert(1)', 'i34_k9x&p=u1_x', 34]) {
      localStorage.setItem(
        LINK_STORAGE_KEY,
        JSON.stringify({ version: 2, data: { ref, utm: {}, savedAt: T0 } }),
      )
      expect(open('https://loja.test/')).toEqual([])
    }
  })

  it('is the same text for every visitor of an address (a shared cache may hold the page)', () => {
    const none = scriptFor(new URL('https://loja.test/?busca=token'), true)
    capture('p=i34_k9x')
    expect(scriptFor(new URL('https://loja.test/?busca=token'), true)).toBe(none)
  })
})
