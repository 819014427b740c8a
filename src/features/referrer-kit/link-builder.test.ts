import { describe, expect, it } from 'vitest'
import { parsePlaceRef } from '../../../common/rules/place-ref'
import { readReferrerLink } from './referrer-link'
import {
  campaignOf,
  channelUtm,
  fullLink,
  NO_UTM,
  previewPath,
  shortLink,
  type LinkTarget,
} from './link-builder'

const ORIGIN = 'https://loja.certificabrasil.com.br'
const ana = parsePlaceRef('i21_ana-souza')!
const WHATSAPP = { source: 'whatsapp', medium: 'social', campaign: 'token-usb' }

/** What a visitor's browser reads from the link: the store's capture reads it the same way. */
const query = (link: string) => Object.fromEntries(new URL(link).searchParams)

describe('fullLink', () => {
  it('links the store, a product and a group, each with the referrer’s p', () => {
    expect(fullLink(ORIGIN, ana, { kind: 'store' }, NO_UTM)).toBe(`${ORIGIN}/?p=i21_ana-souza`)
    expect(fullLink(ORIGIN, ana, { kind: 'product', sku: 'TOKEN-USB' }, NO_UTM)).toBe(
      `${ORIGIN}/produto/TOKEN-USB?p=i21_ana-souza`,
    )
    const group = fullLink(ORIGIN, ana, { kind: 'group', group: 'Mídias e Acessórios' }, NO_UTM)
    expect(group).toBe(`${ORIGIN}/?categoria=M%C3%ADdias+e+Acess%C3%B3rios&p=i21_ana-souza`)
    expect(query(group)).toEqual({ categoria: 'Mídias e Acessórios', p: 'i21_ana-souza' })
  })

  it('writes the referrer in the store’s form whatever form they pasted', () => {
    const read = readReferrerLink('https://loja.certificabrasil.com.br/i/21-ana-souza')
    if (read.kind !== 'referrer') throw new Error(read.kind)
    expect(fullLink(ORIGIN, read.place, { kind: 'store' }, NO_UTM)).toBe(
      `${ORIGIN}/?p=i21_ana-souza`,
    )
  })

  it('adds the UTM fields that are filled, and reads them back as typed', () => {
    const link = fullLink(ORIGIN, ana, { kind: 'product', sku: 'TOKEN-USB' }, WHATSAPP)
    expect(link).toBe(
      `${ORIGIN}/produto/TOKEN-USB?p=i21_ana-souza&utm_source=whatsapp&utm_medium=social&utm_campaign=token-usb`,
    )
  })

  it('encodes accents, spaces and & so each field arrives whole', () => {
    const utm = { source: 'Grupo Família & Amigos', medium: 'boca a boca', campaign: 'ação=1?#' }
    const link = fullLink(ORIGIN, ana, { kind: 'store' }, utm)
    expect(link).toBe(
      `${ORIGIN}/?p=i21_ana-souza&utm_source=Grupo+Fam%C3%ADlia+%26+Amigos&utm_medium=boca+a+boca&utm_campaign=a%C3%A7%C3%A3o%3D1%3F%23`,
    )
    expect(query(link)).toEqual({
      p: 'i21_ana-souza',
      utm_source: 'Grupo Família & Amigos',
      utm_medium: 'boca a boca',
      utm_campaign: 'ação=1?#',
    })
  })

  it('leaves out empty and blank fields, and trims the rest', () => {
    const link = fullLink(
      ORIGIN,
      ana,
      { kind: 'store' },
      { source: '  whatsapp ', medium: '', campaign: '   ' },
    )
    expect(link).toBe(`${ORIGIN}/?p=i21_ana-souza&utm_source=whatsapp`)
  })

  it('cuts a field at what the visit keeps (200 characters)', () => {
    const link = fullLink(ORIGIN, ana, { kind: 'store' }, { ...NO_UTM, campaign: 'x'.repeat(300) })
    expect(query(link).utm_campaign).toHaveLength(200)
  })

  it('keeps a product code with odd characters one path segment', () => {
    expect(fullLink(ORIGIN, ana, { kind: 'product', sku: 'e-CPF A1/12' }, NO_UTM)).toBe(
      `${ORIGIN}/produto/e-CPF%20A1%2F12?p=i21_ana-souza`,
    )
  })
})

describe('shortLink', () => {
  it('is the referrer with - and the lower-cased SKU, with the UTM fields kept', () => {
    const product: LinkTarget = { kind: 'product', sku: 'TOKEN-USB' }
    expect(shortLink(ORIGIN, ana, product, NO_UTM)).toBe(`${ORIGIN}/i/21-ana-souza/token-usb`)
    expect(shortLink(ORIGIN, ana, product, WHATSAPP)).toBe(
      `${ORIGIN}/i/21-ana-souza/token-usb?utm_source=whatsapp&utm_medium=social&utm_campaign=token-usb`,
    )
    const k9x = parsePlaceRef('i34:k9x')!
    expect(shortLink(ORIGIN, k9x, { kind: 'product', sku: 'ECNPJ-A1-12' }, NO_UTM)).toBe(
      `${ORIGIN}/i/34-k9x/ecnpj-a1-12`,
    )
  })

  it('is read back by the kit as the same referrer', () => {
    const link = shortLink(ORIGIN, ana, { kind: 'product', sku: 'TOKEN-USB' }, WHATSAPP)!
    expect(readReferrerLink(link)).toEqual({ kind: 'referrer', place: ana })
  })

  it('exists only for a product whose code reads as a word', () => {
    expect(shortLink(ORIGIN, ana, { kind: 'store' }, NO_UTM)).toBeNull()
    expect(shortLink(ORIGIN, ana, { kind: 'group', group: 'Serviços' }, NO_UTM)).toBeNull()
    expect(shortLink(ORIGIN, ana, { kind: 'product', sku: 'e-CPF A1/12' }, NO_UTM)).toBeNull()
    expect(shortLink(ORIGIN, ana, { kind: 'product', sku: 'Ação' }, NO_UTM)).toBeNull()
  })
})

describe('channel presets', () => {
  it('fill source, medium and campaign for each channel, naming what is shared', () => {
    const product: LinkTarget = { kind: 'product', sku: 'TOKEN-USB' }
    expect(channelUtm('whatsapp', product)).toEqual(WHATSAPP)
    expect(channelUtm('instagram', { kind: 'store' })).toEqual({
      source: 'instagram',
      medium: 'social',
      campaign: 'loja',
    })
    expect(channelUtm('email', { kind: 'group', group: 'Certificação Digital e-CPF' })).toEqual({
      source: 'email',
      medium: 'email',
      campaign: 'certificacao-digital-e-cpf',
    })
    expect(channelUtm('print', product)).toEqual({
      source: 'qrcode',
      medium: 'impresso',
      campaign: 'token-usb',
    })
    expect(channelUtm('none', product)).toEqual(NO_UTM)
  })

  it('names a campaign without accents or spaces', () => {
    expect(campaignOf({ kind: 'group', group: '  Mídias & Acessórios ' })).toBe('midias-acessorios')
  })
})

describe('previewPath', () => {
  it('is the page and p, without the UTM fields and the origin', () => {
    expect(previewPath(ana, { kind: 'product', sku: 'TOKEN-USB' })).toBe(
      '/produto/TOKEN-USB?p=i21_ana-souza',
    )
    expect(previewPath(ana, { kind: 'group', group: 'Serviços' })).toBe(
      '/?categoria=Servi%C3%A7os&p=i21_ana-souza',
    )
  })
})
