// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PICTURE_WIDTHS } from '../../common/rules/picture-widths'
import { ProductPicture } from './product-picture'

afterEach(cleanup)

/** As the relay writes a picture it resizes: `/img/<payload>.<signature>`. */
const PROXIED = '/img/aHR0cHM6Ly9kZXYuZ2VzdGFvLnBsdXMvZmlsZT9xPTE.Zm9vYmFyYmF6cXV4MTIzNDU2'
/** As the service sends it, where the relay does not resize (static demo, edge runtimes). */
const ORIGINAL = 'https://dev.gestao.plus/file?q=cert_soluti_a1_4_7.png'
const SIZES = '(max-width:39.98rem) 6rem,15rem'

const picture = (href: string, eager?: boolean) => (
  <ProductPicture
    href={href}
    alt="Token USB com o certificado e-CPF A3"
    className="product-card__image"
    width={400}
    height={300}
    sizes={SIZES}
    eager={eager}
  />
)

describe('ProductPicture', () => {
  it('offers a resized picture in every width the relay makes, for the box the caller describes', () => {
    render(picture(PROXIED))
    const img = screen.getByRole('img', { name: 'Token USB com o certificado e-CPF A3' })
    const candidates = img.getAttribute('srcset')!.split(',')
    expect(candidates).toEqual(PICTURE_WIDTHS.map((w) => `${PROXIED}?w=${w} ${w}w`))
    expect(img).toHaveAttribute('sizes', SIZES)
    // For a reader without srcset: the relay's address (its default width), never the original.
    expect(img).toHaveAttribute('src', PROXIED)
    // The frame's shape before any byte of the picture arrives.
    expect(img).toHaveAttribute('width', '400')
    expect(img).toHaveAttribute('height', '300')
  })

  it('shows an original URL as it came: no widths to ask for where nothing resizes', () => {
    render(picture(ORIGINAL))
    const img = screen.getByRole('img')
    expect(img).toHaveAttribute('src', ORIGINAL)
    expect(img).not.toHaveAttribute('srcset')
    expect(img).not.toHaveAttribute('sizes')
  })

  it('fetches a first-screen picture at once and first, and the rest only near the screen', () => {
    render(
      <>
        {picture(PROXIED, true)}
        {picture(ORIGINAL)}
      </>,
    )
    const [first, later] = screen.getAllByRole('img')
    // Eager is the browser's default: the first screen's picture says nothing of loading.
    expect(first).not.toHaveAttribute('loading')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    expect(later).toHaveAttribute('loading', 'lazy')
    expect(later).not.toHaveAttribute('fetchpriority')
    // The browser decodes as it sees fit: `async` can hold back the largest paint.
    for (const img of [first, later]) expect(img).not.toHaveAttribute('decoding')
  })

  it('is decorative when the service describes nothing', () => {
    const { container } = render(
      <ProductPicture href={PROXIED} alt="" className="x" width={96} height={72} sizes="96px" />,
    )
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.querySelector('img')).toHaveAttribute('alt', '')
  })
})

describe('ProductPicture rendered by the server', () => {
  it('preloads a first-screen picture with the same srcset and sizes as its img, and no other', () => {
    const html = renderToString(
      <>
        {picture(PROXIED, true)}
        {picture(`${PROXIED}x`)}
      </>,
    )
    const preloads = [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)].map((m) => m[0])
    expect(preloads).toHaveLength(1)
    const attr = (tag: string, name: string) =>
      new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
    const img = /<img [^>]*fetchPriority="high"[^>]*>/.exec(html)![0]
    expect(attr(preloads[0]!, 'imageSrcSet')).toBe(attr(img, 'srcSet'))
    expect(attr(preloads[0]!, 'imageSizes')).toBe(SIZES)
    expect(attr(preloads[0]!, 'fetchPriority')).toBe('high')
    // With a srcset the preload has no href: the browser picks from the set, as the img will.
    expect(attr(preloads[0]!, 'href')).toBeUndefined()
  })

  it('hydrates without a mismatch: the browser renders the markup the server sent', async () => {
    const app = (
      <div>
        {picture(PROXIED, true)}
        {picture(ORIGINAL)}
      </div>
    )
    const container = document.createElement('div')
    // The preload belongs to the head; the body is what hydrates.
    container.innerHTML = renderToString(app).replace(/<link [^>]*>/g, '')
    document.body.append(container)
    const errors = vi.spyOn(console, 'error')
    const recoverable = vi.fn()
    await act(async () => {
      hydrateRoot(container, app, { onRecoverableError: recoverable })
    })
    expect(errors).not.toHaveBeenCalled()
    expect(recoverable).not.toHaveBeenCalled()
    container.remove()
  })
})
