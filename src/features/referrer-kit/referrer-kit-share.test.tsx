// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, serveRelay } from '../../testing/relay-harness'
import { ReferrerKitPage } from './referrer-kit-page'

/** Files the page handed to the browser's downloads: name and content. */
let downloads: { name: string; blob: Blob }[] = []

beforeEach(() => {
  downloads = []
  const blobs = new Map<string, Blob>()
  // No downloads in jsdom: these record what the page handed to the browser.
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:kit/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! })
  })
})

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  delete (navigator as { share?: unknown }).share
})

const renderKit = () =>
  renderRoutes([{ path: '/parceiro', element: <ReferrerKitPage /> }], '/parceiro?link=i34_k9x')

/** The full link as the page shows it, under its choice. */
const sharedLink = () => {
  const choice = screen.getByRole('radio', { name: 'Link completo' })
  return document.getElementById(choice.getAttribute('aria-describedby')!)!.textContent!
}

/** What a phone's camera reads from an SVG file, rasterised as a printer would. */
async function scan(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg), { density: 150 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data
}

describe('ReferrerKitPage: sharing', () => {
  it('copies the link, sends it to WhatsApp with fixed words, and offers the share sheet', async () => {
    serveRelay()
    const share = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    const { user } = renderKit()
    await user.click(await screen.findByRole('radio', { name: 'Um produto' }))
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Produto' }),
      'Token USB criptográfico',
    )
    const link = sharedLink()
    const panel = screen.getByRole('region', { name: 'Compartilhar' })

    await user.click(within(panel).getByRole('button', { name: 'Copiar link' }))
    expect(await navigator.clipboard.readText()).toBe(link)

    const whatsapp = within(panel).getByRole('link', { name: /Enviar pelo WhatsApp/ })
    expect(whatsapp).toHaveAttribute('target', '_blank')
    const text = new URL(whatsapp.getAttribute('href')!).searchParams.get('text')
    expect(text).toBe(`Veja este certificado digital com condições especiais: ${link}`)

    await user.click(within(panel).getByRole('button', { name: 'Compartilhar…' }))
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link }))
  })

  it('shares the short link when chosen', async () => {
    serveRelay()
    const { user } = renderKit()
    await user.click(await screen.findByRole('radio', { name: 'Um produto' }))
    await user.click(screen.getByRole('radio', { name: 'Link curto' }))
    await user.click(screen.getByRole('button', { name: 'Copiar link' }))
    expect(await navigator.clipboard.readText()).toMatch(
      new RegExp(`^${window.location.origin}/i/34-k9x/[a-z0-9-]+\\?utm_source=whatsapp&`),
    )
  })

  it('draws the QR code on the page and downloads an SVG that scans to the shared link', async () => {
    serveRelay()
    const { user } = renderKit()
    const code = await screen.findByRole('img', { name: 'Código QR do link' })
    expect(code.tagName.toLowerCase()).toBe('svg')
    await user.click(screen.getByRole('button', { name: 'Baixar SVG' }))
    expect(downloads).toHaveLength(1)
    const [file] = downloads
    expect(file!.name).toBe('qrcode-i34_k9x-loja.svg')
    const svg = await file!.blob.text()
    // The store's name under the code, as the header names it.
    expect(svg).toContain('>Certifica Brasil</text>')
    expect(await scan(svg)).toBe(sharedLink())
  })

  it('says so when this browser cannot draw the PNG, and the rest still works', async () => {
    serveRelay()
    const { user } = renderKit()
    // A browser that gives no 2D canvas (jsdom has none either).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
    await user.click(await screen.findByRole('button', { name: 'Baixar PNG' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar o arquivo neste navegador.',
    )
    expect(screen.getByRole('button', { name: 'Baixar SVG' })).toBeEnabled()
  })

  it('refuses a QR code for a link too long to scan, and says why', async () => {
    serveRelay()
    const { user } = renderKit()
    const campaign = await screen.findByRole('textbox', { name: 'Campanha (utm_campaign)' })
    await user.clear(campaign)
    await user.paste('c'.repeat(100))
    await user.click(screen.getByRole('textbox', { name: 'Origem (utm_source)' }))
    await user.paste('x'.repeat(90))
    await user.click(screen.getByRole('textbox', { name: 'Meio (utm_medium)' }))
    await user.paste('y'.repeat(90))
    const panel = screen.getByRole('region', { name: 'Código QR' })
    expect(within(panel).getByRole('status')).toHaveTextContent(/Este link passa de 300 caracteres/)
    expect(within(panel).queryByRole('img')).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'Baixar PNG' })).toBeNull()
    // The link itself is still there to copy.
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeEnabled()
  })
})

describe('ReferrerKitPage: the preview', () => {
  /** The relay's `/api/link-preview` answered as `answer` says; everything else as the relay. */
  function previewAnswers(
    fetchMock: ReturnType<typeof serveRelay>['fetchMock'],
    answer: () => Response | Promise<Response>,
  ) {
    const relay = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/link-preview?') ? answer() : relay(input, init),
    )
  }

  it('shows the card the apps draw: picture, host, title, description and price', async () => {
    const { fetchMock } = serveRelay()
    previewAnswers(fetchMock, () =>
      Response.json({
        url: 'https://loja.certificabrasil.com.br/produto/TOKEN-USB?p=i34_k9x',
        title: 'Token USB criptográfico',
        description: 'R$ 119,00 em até 3x no cartão.',
        image: 'https://loja.certificabrasil.com.br/img/abc/token.webp',
        imageAlt: 'Token USB',
        price: 'R$ 119,00',
      }),
    )
    const { user } = renderKit()
    await user.click(await screen.findByRole('radio', { name: 'Um produto' }))
    const preview = screen.getByRole('region', {
      name: 'Como o link aparece no WhatsApp e no Instagram',
    })
    const card = await within(preview).findByRole('figure')
    expect(card).toHaveTextContent('loja.certificabrasil.com.br')
    expect(card).toHaveTextContent('Token USB criptográfico')
    expect(card).toHaveTextContent('R$ 119,00')
    expect(within(card).getByRole('img', { name: 'Token USB' })).toHaveAttribute(
      'src',
      'https://loja.certificabrasil.com.br/img/abc/token.webp',
    )
    // Asked per page and link, not per keystroke of the UTM fields.
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((u) => u.startsWith('/api/link-preview'))
    expect(asked.at(-1)).toMatch(/^\/api\/link-preview\?path=%2Fproduto%2F[^&]+%3Fp%3Di34_k9x$/)
  })

  it('loading and failing never hold the builder or the sharing', async () => {
    const { fetchMock } = serveRelay()
    let fail: (response: Response) => void = () => undefined
    previewAnswers(fetchMock, () => new Promise<Response>((resolve) => (fail = resolve)))
    renderKit()
    const preview = await screen.findByRole('region', {
      name: 'Como o link aparece no WhatsApp e no Instagram',
    })
    expect(within(preview).getByRole('status')).toHaveTextContent('Carregando a prévia…')
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeEnabled()
    fail(Response.json({ code: 'preview_path' }, { status: 400 }))
    expect(
      await within(preview).findByText(/Não foi possível carregar a prévia agora/),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeEnabled()
  })
})
