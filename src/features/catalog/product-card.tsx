import { memo } from 'react'
import { Link } from 'react-router'
import type { ProductPrice } from '../../../common/contract/schemas/catalog'
import { announce } from '../../components/announce'
import { ProductPicture } from '../../components/product-picture'
import { t } from '../../../common/words/pt-br'
import { formatBRL } from '../../../common/rules/money'
import { cart, cartCount } from '../../state/cart-store'
import * as paths from '../../../common/rules/paths'

interface ProductCardProps {
  product: ProductPrice
  /** The first cards are above the fold: their pictures load at once. */
  eager?: boolean
  /** The best card offer for this price, e.g. "em até 12x a partir de R$ 13,32 no cartão". */
  offer: (priceCents: number) => string | null
  quantityInCart: number
}

/**
 * The card's picture width at each breakpoint (styles.css): beside the text in a 6rem column on a
 * phone; above it, the grid's column (`minmax(15rem, 1fr)`, 1rem gaps, in `main`'s 72rem less
 * 2rem of padding) less the card's 1rem padding each side. Two columns are `50vw - 3.5rem` and
 * three `33vw - 3rem`, written as 45vw and 29vw: never smaller over their ranges (640–1040px),
 * at most 25px larger, and shorter on the catalog's first load; four have their fixed 15rem.
 */
const CARD_SIZES = '(max-width:40rem) 6rem,(max-width:49rem) 45vw,(max-width:65rem) 29vw,15rem'

export const ProductCard = memo(function ProductCard({
  product,
  offer,
  quantityInCart,
  eager = false,
}: ProductCardProps) {
  const price = product.price
  // A price the service sent unreadable makes the product unbuyable, never free.
  const onSale = product.status === 1 && price !== null
  const notForSale = product.status === 1 ? t.catalog.noPrice : t.catalog.unavailable
  const titleId = `produto-${product.id}`
  const offerText = onSale ? offer(price) : null
  const image = product.image
  return (
    <li className="product-card" aria-labelledby={titleId}>
      {image ? (
        <ProductPicture
          className="product-card__image"
          href={image.href}
          alt={image.description ?? ''}
          width={400}
          height={300}
          sizes={CARD_SIZES}
          eager={eager}
        />
      ) : (
        <span className="product-card__image product-card__image--none" aria-hidden="true" />
      )}
      <p className="product-card__group">{product.groupDescription}</p>
      <h2 id={titleId} className="product-card__title">
        {/* The whole card opens the product page (styles.css); the add button stays on top. */}
        <Link to={paths.product(product.sku)} className="product-card__link">
          {product.description}
        </Link>
      </h2>
      <p className="product-card__price">{onSale ? formatBRL(price) : notForSale}</p>
      {offerText && <p className="product-card__offer">ou {offerText}</p>}
      <div className="product-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!onSale}
          aria-label={
            onSale
              ? t.catalog.addLabel(product.description)
              : `${product.description}: ${notForSale}`
          }
          onClick={() => {
            if (!onSale) return
            cart.add({
              sku: product.sku,
              description: product.description,
              priceCents: price,
              imageHref: image?.href ?? '',
              imageAlt: image?.description ?? '',
            })
            announce(t.catalog.added(product.description, cartCount(cart.get())))
          }}
        >
          {onSale ? t.catalog.add : notForSale}
        </button>
        {quantityInCart > 0 && (
          <span className="product-card__in-cart">{t.catalog.inCart(quantityInCart)}</span>
        )}
      </div>
    </li>
  )
})
