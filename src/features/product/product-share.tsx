import { CopyLinkButton } from '../../components/copy-link-button'
import { ShareButtons } from '../../components/share-buttons'
import { tProduct } from '../../../common/words/pt-br-catalog'
import { useSiteOrigin } from '../../state/site-origin'
import { productLink } from './product-link'

/** Copy link, WhatsApp and, where the browser has it, the system's share sheet. */
export function ProductShare({
  sku,
  name,
  linkRef,
}: {
  sku: string
  name: string
  linkRef: string | undefined
}) {
  const w = tProduct.share
  const url = productLink(useSiteOrigin(), sku, linkRef)
  return (
    <section className="product-page__share" aria-labelledby="product-share-title">
      <h2 id="product-share-title" className="product-page__subtitle">
        {w.title}
      </h2>
      <div className="product-page__share-actions">
        <CopyLinkButton url={url} labels={w} />
        <ShareButtons url={url} text={w.text} title={name} labels={w} />
      </div>
    </section>
  )
}
