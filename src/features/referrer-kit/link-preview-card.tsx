import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { referrerKitQueries } from '../../api/queries/referrer-kit-queries'
import { tKit } from '../../../common/words/pt-br-referrer-kit'

/**
 * The card WhatsApp and Instagram draw for the link: picture, title, description, the price on
 * a product's page and the site's host, from the head the relay serves their crawlers
 * (`GET /api/link-preview`). Its own section beside the builder: while it loads, or when it
 * cannot be read, the link is still there to copy and share.
 */
export function LinkPreviewCard({ path }: { path: string }) {
  const preview = useQuery(referrerKitQueries.preview(path))
  const titleId = useId()
  return (
    <section className="kit-preview" aria-labelledby={titleId}>
      <h2 id={titleId}>{tKit.preview.title}</h2>
      {preview.isPending ? (
        <div className="kit-preview__card kit-preview__card--loading">
          <p role="status">{tKit.preview.loading}</p>
        </div>
      ) : preview.isError ? (
        <p className="kit-preview__failed">{tKit.preview.failed}</p>
      ) : (
        <figure className="kit-preview__card">
          {preview.data.image ? (
            <img
              className="kit-preview__image"
              src={preview.data.image}
              alt={preview.data.imageAlt ?? ''}
              width={600}
              height={315}
              loading="lazy"
            />
          ) : (
            <div className="kit-preview__image kit-preview__image--none">
              {tKit.preview.noImage}
            </div>
          )}
          <figcaption className="kit-preview__text">
            <span className="kit-preview__host">{hostOf(preview.data.url)}</span>
            <strong className="kit-preview__title">{preview.data.title}</strong>
            <span className="kit-preview__description">{preview.data.description}</span>
            {preview.data.price && <span className="kit-preview__price">{preview.data.price}</span>}
          </figcaption>
        </figure>
      )}
    </section>
  )
}

/** The host the apps print under the card (`loja.certificabrasil.com.br`). */
function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}
