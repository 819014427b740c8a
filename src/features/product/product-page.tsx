import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../../common/contract/api-error'
import { useListingExcerpt } from '../../api/queries/listing-excerpt'
import { catalogQueries } from '../../api/queries/tenant-queries'
import type { ProductPrice } from '../../../common/contract/schemas/catalog'
import type { NegotiationType } from '../../../common/contract/schemas/payment'
import { announce } from '../../components/announce'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { ProductPicture } from '../../components/product-picture'
import { t } from '../../../common/words/pt-br'
import { tProduct } from '../../../common/words/pt-br-catalog'
import { formatBRL } from '../../../common/rules/money'
import { cart, cartCount, useCart } from '../../state/cart-store'
import { useLink } from '../../state/link-store'
import { usePaymentOptions } from '../../state/use-payment-options'
import { bestInstallmentOffer } from './product-offer'
import { ProductShare } from './product-share'
import * as paths from '../../../common/rules/paths'
import './product.css'

/**
 * `/produto/:sku`: one product of the visit's listing (the link's, so its price is the link's,
 * the one checkout will charge). The listing is the catalog's own query: coming from a card it
 * is already in the cache and the page paints at once. Until it is read, a page the relay
 * rendered shows the product it came with (its excerpt: the product, not the listing).
 */
export function ProductPage() {
  const { sku = '' } = useParams()
  const { place } = useLink()
  const products = useQuery(catalogQueries.products(place?.ref ?? ''))
  const excerpt = useListingExcerpt(place?.ref ?? '')
  // Also what makes a link the service does not know fall back to the store's own listing.
  const options = usePaymentOptions()
  // That fallback is on its way: not an error to show.
  const linkRejected =
    place !== null &&
    products.error instanceof ApiError &&
    (products.error.status === 404 || products.error.status === 400)

  // The page's own product, or one of the catalog's first screen it was opened from.
  // Never once the link is refused: its prices are no longer the ones checkout would charge.
  const early =
    products.data || linkRejected ? undefined : excerpt?.listing.prices.find((p) => p.sku === sku)
  if (early) return <ProductView product={early} options={options.data?.negotiationTypes} />
  // Rendered for a code the store has not got: so it stays while the listing is read again.
  if (!products.data && excerpt?.sku === sku && !linkRejected) return <ProductNotFound sku={sku} />
  if (products.isPending || linkRejected) return <ProductSkeleton />
  if (products.isError) {
    return (
      <section className="page-narrow">
        <PageHeading title={t.errors.title}>{t.errors.title}</PageHeading>
        <ErrorState
          message={tProduct.error}
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      </section>
    )
  }
  const product = products.data.prices.find((p) => p.sku === sku)
  if (!product) return <ProductNotFound sku={sku} />
  return <ProductView product={product} options={options.data?.negotiationTypes} />
}

/**
 * The picture's width (product.css): the page's width (`main`, 72rem at most, 1rem padding each
 * side) on a phone; from 48rem, 5 parts of 11 of it beside the buying column, less the 2rem gap.
 */
const PICTURE_SIZES =
  '(max-width:47.98rem) calc(100vw - 2rem),(max-width:72rem) calc(45.5vw - 1.8rem),31rem'

function ProductView({
  product,
  options,
}: {
  product: ProductPrice
  options: readonly NegotiationType[] | undefined
}) {
  const { place } = useLink()
  const quantityInCart = useCart().items.find((i) => i.sku === product.sku)?.quantity ?? 0
  const price = product.price
  // A price the service sent unreadable makes the product unbuyable, never free.
  const onSale = product.status === 1 && price !== null
  const offer = onSale ? bestInstallmentOffer(options, price) : null
  const image = product.image
  const name = product.description

  return (
    <div className="product-page">
      <Breadcrumb group={product.groupDescription} name={name} />
      <article className="product-page__main" aria-labelledby="product-title">
        <div className="product-page__media">
          {image ? (
            <ProductPicture
              className="product-page__image"
              href={image.href}
              alt={image.description ?? ''}
              width={640}
              height={480}
              sizes={PICTURE_SIZES}
              eager
            />
          ) : (
            <span className="product-page__image product-page__image--none" aria-hidden="true" />
          )}
        </div>
        <div className="product-page__buy">
          <PageHeading id="product-title" title={name}>
            {name}
          </PageHeading>
          <p className="product-page__price">
            {onSale
              ? formatBRL(price)
              : product.status === 1
                ? t.catalog.noPrice
                : t.catalog.unavailable}
          </p>
          {/* Its place is held while the payment options load, so the button does not move. */}
          {onSale && (
            <p className="product-page__offer">
              {offer ? tProduct.offer(offer.text, offer.interestFree) : ''}
            </p>
          )}
          {onSale && (
            <div className="product-page__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  cart.add({
                    sku: product.sku,
                    description: name,
                    priceCents: price,
                    imageHref: image?.href ?? '',
                    imageAlt: image?.description ?? '',
                  })
                  announce(t.catalog.added(name, cartCount(cart.get())))
                }}
              >
                {t.catalog.add}
              </button>
              {quantityInCart > 0 && (
                <>
                  <span className="product-page__in-cart">{t.catalog.inCart(quantityInCart)}</span>
                  <Link to={paths.cart}>{tProduct.viewCart}</Link>
                </>
              )}
            </div>
          )}
          <section className="product-page__details" aria-labelledby="product-details-title">
            <h2 id="product-details-title" className="product-page__subtitle">
              {tProduct.details}
            </h2>
            {/* The listing has no longer text: what the service says of the product, no more. */}
            <dl className="product-page__facts">
              <div>
                <dt>{tProduct.description}</dt>
                <dd>{name}</dd>
              </div>
              <div>
                <dt>{tProduct.group}</dt>
                <dd>{product.groupDescription}</dd>
              </div>
              <div>
                <dt>{tProduct.sku}</dt>
                <dd>{product.sku}</dd>
              </div>
            </dl>
          </section>
          <ProductShare sku={product.sku} name={name} linkRef={place?.ref} />
        </div>
      </article>
    </div>
  )
}

/** Início › Grupo › Produto; the group opens the catalog filtered by it (`?categoria=`). */
function Breadcrumb({ group, name }: { group: string; name: string }) {
  return (
    <nav aria-label={tProduct.breadcrumb} className="breadcrumb">
      <ol>
        <li>
          <Link to={paths.home}>{tProduct.home}</Link>
        </li>
        <li>
          <span className="breadcrumb__sep" aria-hidden="true">
            ›
          </span>
          <Link to={paths.catalog({ categoria: group })}>{group}</Link>
        </li>
        <li>
          <span className="breadcrumb__sep" aria-hidden="true">
            ›
          </span>
          <span aria-current="page">{name}</span>
        </li>
      </ol>
    </nav>
  )
}

function ProductNotFound({ sku }: { sku: string }) {
  const w = tProduct.notFound
  return (
    <section className="page-narrow">
      <PageHeading title={w.title}>{w.title}</PageHeading>
      {/* The SKU comes from the address: shown as text, and never at any length. */}
      <p>{w.text(sku.slice(0, 64))}</p>
      <Link to={paths.home} className="button button--primary">
        {w.back}
      </Link>
    </section>
  )
}

/** The page's own boxes, so nothing moves when the product arrives. */
function ProductSkeleton() {
  return (
    <div className="product-page">
      <p className="visually-hidden" role="status">
        {tProduct.loading}
      </p>
      <div className="breadcrumb" aria-hidden="true">
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
      <div className="product-page__main" aria-hidden="true">
        <div className="product-page__media">
          <div className="product-page__image skeleton" />
        </div>
        <div className="product-page__buy">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    </div>
  )
}
