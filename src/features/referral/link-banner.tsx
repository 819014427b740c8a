import { Link, useLocation, useSearchParams } from 'react-router'
import { ProductPicture } from '../../components/product-picture'
import { ShareButtons } from '../../components/share-buttons'
import { t } from '../../../common/words/pt-br'
import { tShare } from '../../../common/words/pt-br-share'
import * as paths from '../../../common/rules/paths'
import { storeLink } from '../../../common/rules/share-links'
import { PRODUCT_GONE_PARAM, PRODUCT_GONE_VALUE } from '../../../common/rules/share-links'
import { useLatePart } from '../../state/late-part'
import { link, useLink } from '../../state/link-store'
import { useSiteOrigin } from '../../state/site-origin'
import { useParameters } from '../../state/use-parameters'
import { usePaymentOptions } from '../../state/use-payment-options'

/**
 * Who the visitor came through (referrer or unit, with name and picture), or why not.
 *
 * One line on every screen, above the catalog on a link's first load: on a phone anything taller
 * pushed "Adicionar" below the fold. A name too long for it wraps to a second line, never cut:
 * who the visitor came through is what the line is for. What else there is (what the link means, the referrer's
 * share) unfolds on demand in a `<details>`, which opens without JavaScript and whose open state
 * is the browser's, never React's: a server-rendered banner opened before the app arrives stays
 * open, and the markup hydrated is the markup sent. The share sheet button that only the browser
 * can offer (`navigator.share`, after hydration) appears inside the folded part, so it moves
 * nothing on the page.
 */
export function LinkBanner() {
  const { notice } = useLink()
  const options = usePaymentOptions()
  const parameters = useParameters()
  const origin = useSiteOrigin()
  // A lazy chunk: on a server-rendered page the notice's close button answers after the rest
  // of the page does, and a tap made before then waits for it (state/held-taps.ts).
  const latePart = useLatePart<HTMLDivElement>()

  if (notice) {
    return (
      <div className="notice" role="status" {...latePart}>
        <p>{notice === 'invalid-link' ? t.link.invalid : t.link.unknown}</p>
        <button
          type="button"
          className="notice__close"
          onClick={() => link.dismissNotice()}
          aria-label={t.link.dismiss}
        >
          ×
        </button>
      </div>
    )
  }
  if (!options.place || !options.data) return null
  const { description, image } = options.data
  const referrer = options.place.kind === 'referrer'
  const label = parameters.data?.referrerLabel ?? 'indicador'
  return (
    <>
      <ProductGoneNotice />
      <aside className="link-banner" aria-label="Origem da visita">
        <details className="link-banner__details">
          <summary className="link-banner__summary">
            {image && (
              <ProductPicture
                href={image.href}
                alt={image.description ?? ''}
                width={36}
                height={36}
                sizes="36px"
                className="link-banner__image"
              />
            )}
            {/* On a phone the folded line keeps the name and leaves the words before it to be
              read by screen readers and shown when unfolded: "Você chegou pelo parceiro" alone
              would fill the line. */}
            <span className="link-banner__text">
              <span className="link-banner__lead">
                {referrer ? tShare.banner.referrer(label) : tShare.banner.unit}{' '}
              </span>
              {description}
            </span>
            {/* The summary is already announced as a collapsed or expanded control. */}
            <span className="link-banner__more" aria-hidden="true">
              <span className="link-banner__more-word">{tShare.banner.more}</span>
            </span>
          </summary>
          <div className="link-banner__panel">
            <p>{referrer ? tShare.banner.referrerTerms : tShare.banner.unitTerms}</p>
            {/* Referrers pass the store on with their own `p`, so the next buyer's order is theirs. */}
            {referrer && (
              <ShareButtons
                url={storeLink(origin, options.place.ref)}
                text={tShare.store.text}
                title={description}
                labels={tShare.store}
              />
            )}
            {/* The referrer who opened their own link finds their kit, with that link checked
              (`?link=`, as the kit reads it). Its address is a constant the build writes here:
              a helper of later-paths.ts would add a chunk to the banner's list in the first load. */}
            {referrer && (
              <p className="link-banner__kit">
                <Link
                  to={`${paths.referrerKit}?${new URLSearchParams({ link: options.place.ref })}`}
                >
                  {tShare.banner.kit(label)}
                </Link>
              </p>
            )}
          </div>
        </details>
      </aside>
    </>
  )
}

/**
 * A short link whose product is no longer on sale lands on the catalog with the link kept and
 * `?aviso=produto-indisponivel` (src/lib/short-links.ts): this says why the visitor is there.
 * Read from the address, so the server's page shows it too and nothing moves when the app
 * arrives; closing it takes the word out of the address (a reload does not bring it back).
 */
function ProductGoneNotice() {
  const [params, setParams] = useSearchParams()
  const { pathname } = useLocation()
  if (pathname !== paths.home || params.get(PRODUCT_GONE_PARAM) !== PRODUCT_GONE_VALUE) return null
  const close = () => {
    const next = new URLSearchParams(params)
    next.delete(PRODUCT_GONE_PARAM)
    setParams(next, { replace: true, preventScrollReset: true })
  }
  return (
    <div className="notice" role="status">
      <p>{tShare.banner.productGone}</p>
      <button type="button" className="notice__close" onClick={close} aria-label={t.link.dismiss}>
        ×
      </button>
    </div>
  )
}
