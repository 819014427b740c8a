import { useQuery } from '@tanstack/react-query'
import { catalogQueries } from '../../api/queries/tenant-queries'
import { t } from '../../i18n/pt-br'
import { formatBRL } from '../../lib/money'

export function CatalogPage() {
  const products = useQuery(catalogQueries.products(''))

  if (products.isPending) return <p role="status">{t.catalog.loading}</p>
  if (products.isError) {
    return (
      <div role="alert">
        <p>{t.catalog.error}</p>
        <button type="button" onClick={() => void products.refetch()}>
          {t.catalog.retry}
        </button>
      </div>
    )
  }
  const { prices } = products.data
  return (
    <section aria-labelledby="catalog-title">
      <h1 id="catalog-title">{t.catalog.title}</h1>
      {prices.length === 0 ? (
        <p>{t.catalog.empty}</p>
      ) : (
        <ul className="product-grid">
          {prices.map((product) => (
            <li key={product.id} className="product-card">
              <img
                src={product.image.href}
                alt={product.image.description ?? ''}
                width={400}
                height={300}
              />
              <h2>{product.description}</h2>
              <p className="product-group">{product.groupDescription}</p>
              <p className="product-price">
                {product.status === 1 ? formatBRL(product.price) : t.catalog.unavailable}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
