import {
  memo,
  startTransition,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation, useSearchParams } from 'react-router'
import type { ProductPrice } from '../../../common/contract/schemas/catalog'
import { ErrorState } from '../../components/error-state'
import { PageHeading } from '../../components/page-heading'
import { PaymentOffers } from '../../components/payment-offers'
import { t } from '../../../common/words/pt-br'
import { cardPreview } from '../../../common/rules/installments'
import { useCart } from '../../state/cart-store'
import { useLink } from '../../state/link-store'
import { usePaymentOptions } from '../../state/use-payment-options'
import { catalogViewOf, PAGE_SIZE, useCatalogListing } from './catalog-listing'
import { FiltersToggle } from './filters-toggle'
import { ProductCard } from './product-card'
import { SORT_KEYS } from './use-catalog-filter'
/**
 * How many cards "Mostrar mais" had opened, per history entry: back from a product, the catalog
 * is as long as it was, so the scroll manager can return the visitor to the card they opened.
 */
const shownIn = new Map<string, number>()

export function CatalogPage() {
  const { place } = useLink()
  const options = usePaymentOptions()
  const cartState = useCart()
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  // The search is also written to the address (`?busca=`, replaced as the visitor types), so
  // back from a product, which mounts the catalog again, finds it. Read only then: the address
  // lags the box while the visitor types. (A link to the bare catalog while it is on screen, such
  // as the store's name, leaves the search as it was, as it always did: the bytes of following
  // it are more than the catalog's first load can spare.)
  const asked = catalogViewOf(params)
  const [query, setQuery] = useState(asked.query)
  // Bumped to clear the search box (it keeps its own text; see SearchInput).
  const [searchReset, setSearchReset] = useState(0)
  const [limit, setLimit] = useState(() => shownIn.get(location.key) ?? PAGE_SIZE)
  // Typing stays instant; the list catches up in a lower-priority render.
  const deferredQuery = useDeferredValue(query)
  const { group, sort } = asked
  const ids = { search: useId(), group: useId(), sort: useId(), more: useId() }
  const activeFilters = Number(group !== '') + Number(sort !== 'relevance')
  // Phones fold category and order away (styles.css); a visit that arrives filtered sees why.
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0)

  const { products, results, groups, total } = useCatalogListing(place?.ref ?? '', {
    query: deferredQuery,
    group,
    sort,
  })
  const shown = Math.min(limit, results?.found.length ?? 0)

  const inCart = useMemo(
    () => new Map(cartState.items.map((i) => [i.sku, i.quantity])),
    [cartState.items],
  )
  // Each card's preview comes from the card plans the link offers (the largest one).
  const cardOptions = options.data?.negotiationTypes
  const offer = useCallback(
    (priceCents: number) => (cardOptions ? cardPreview(cardOptions, priceCents) : null),
    [cardOptions],
  )

  // The server's page has working filters before the app has started: a category or order
  // chosen there is still selected when the app takes over, and is applied rather than undone.
  const groupSelect = useRef<HTMLSelectElement>(null)
  const sortSelect = useRef<HTMLSelectElement>(null)
  const searchBox = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // A select that could show what the page asked for and shows something else was changed by
    // the visitor. One that cannot (its category has no option while the products load) shows
    // its first option, chosen by no one.
    const chosenIn = (select: HTMLSelectElement | null, asked: string) =>
      select && select.value !== asked && [...select.options].some((o) => o.value === asked)
        ? select.value
        : undefined
    // A search typed there too (SearchInput searches for it): this write would undo its own.
    const typed = searchBox.current!.value
    const chosen = {
      categoria: chosenIn(groupSelect.current, group),
      ordem: chosenIn(sortSelect.current, sort),
      busca: typed === asked.query ? undefined : typed,
    }
    const next = new URLSearchParams(params)
    let changed = false
    for (const [name, value] of Object.entries(chosen)) {
      if (value === undefined) continue
      if (value && value !== 'relevance') next.set(name, value)
      else next.delete(name)
      changed = true
    }
    if (changed) setParams(next, { replace: true, preventScrollReset: true })
    // Once, on mount: later choices go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    setParams(next, { replace: true, preventScrollReset: true })
    setLimit(PAGE_SIZE)
  }

  return (
    <section aria-labelledby="catalog-heading" className="catalog">
      {/* The store's home is titled by the store's name; a group's page by the group, as the
          relay titles them (an unknown group is the plain catalog there too). */}
      <PageHeading id="catalog-heading" title={groups.includes(group) ? group : ''}>
        {t.catalog.title}
      </PageHeading>
      <PaymentOffers />

      <form className="catalog-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={ids.search}>{t.catalog.searchLabel}</label>
          <SearchInput
            key={searchReset}
            id={ids.search}
            initial={query}
            input={searchBox}
            onSearch={(text) => {
              setQuery(text)
              setParam('busca', text)
            }}
          />
        </div>
        <FiltersToggle
          open={filtersOpen}
          controls={ids.more}
          active={activeFilters}
          onToggle={() => setFiltersOpen((open) => !open)}
        />
        {/* Always in the page at its full size on wide screens; toggled only on phones. */}
        <div id={ids.more} className="catalog-filters__more" data-open={filtersOpen}>
          <div className="field">
            <label htmlFor={ids.group}>{t.catalog.groupLabel}</label>
            <select
              ref={groupSelect}
              id={ids.group}
              value={group}
              onChange={(e) => setParam('categoria', e.target.value)}
            >
              <option value="">{t.catalog.allGroups}</option>
              {groups.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.sort}>{t.catalog.sortLabel}</label>
            <select
              ref={sortSelect}
              id={ids.sort}
              value={sort}
              onChange={(e) =>
                setParam('ordem', e.target.value === 'relevance' ? '' : e.target.value)
              }
            >
              {SORT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t.catalog.sort[key]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </form>

      {/* Always present, so the grid does not move when the products arrive. */}
      <p className="catalog__count" role="status">
        {results
          ? total === 0
            ? t.catalog.empty
            : t.catalog.results(shown, results.count)
          : products.isPending
            ? t.catalog.loading
            : ''}
      </p>
      {!results && products.isPending && <CatalogSkeleton />}
      {!results && products.isError && (
        <ErrorState
          message={t.catalog.error}
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      )}
      {results && (
        <>
          {results.count === 0 && total !== 0 && (
            <div className="empty-state">
              <p>{deferredQuery ? t.catalog.noMatch(deferredQuery) : t.catalog.results(0, 0)}</p>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setQuery('')
                  setSearchReset((n) => n + 1)
                  setParams(new URLSearchParams(), { replace: true })
                }}
              >
                {t.catalog.clearFilters}
              </button>
            </div>
          )}
          <ProductGrid
            found={results.found}
            limit={limit}
            query={deferredQuery}
            offer={offer}
            inCart={inCart}
          />
          {results.count > shown && (
            <p className="catalog__more">
              <button
                type="button"
                className="button"
                onClick={() => {
                  shownIn.set(location.key, limit + PAGE_SIZE)
                  setLimit(limit + PAGE_SIZE)
                  // Shown from the page's first screen, the rest is the whole listing's: read
                  // again if reading it failed.
                  if (products.isError) void products.refetch()
                }}
              >
                {t.catalog.showMore}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  )
}

/**
 * The search box keeps its own text, so a keystroke re-renders only this input at once; the
 * catalog hears of it in a transition, which React renders later and can interrupt.
 */
function SearchInput({
  id,
  initial,
  input,
  onSearch,
}: {
  id: string
  initial: string
  input: RefObject<HTMLInputElement | null>
  onSearch: (text: string) => void
}) {
  const [text, setText] = useState(initial)
  // The server's page has a working search box before the app has started: what a visitor typed
  // there is still in it when the app takes over, and is searched for rather than wiped.
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (typed === initial) return
    setText(typed)
    startTransition(() => onSearch(typed))
    // Once, on mount: later keystrokes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <input
      ref={input}
      id={id}
      type="search"
      value={text}
      placeholder={t.catalog.searchPlaceholder}
      autoComplete="off"
      onChange={(event) => {
        setText(event.target.value)
        const next = event.target.value
        startTransition(() => onSearch(next))
      }}
    />
  )
}

/**
 * The cards, in a memoised component: a keystroke re-renders only the search field at once;
 * the grid re-renders later, with the deferred query, in a lower-priority render.
 */
const ProductGrid = memo(function ProductGrid({
  found,
  limit,
  query,
  offer,
  inCart,
}: {
  found: ProductPrice[]
  limit: number
  query: string
  offer: (priceCents: number) => string | null
  inCart: Map<string, number>
}) {
  return (
    <ul className="product-grid" aria-label="Produtos" data-query={query}>
      {found.slice(0, limit).map((product, index) => (
        <ProductCard
          eager={index < 4}
          key={product.id}
          product={product}
          offer={offer}
          quantityInCart={inCart.get(product.sku) ?? 0}
        />
      ))}
    </ul>
  )
})

function CatalogSkeleton() {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="product-card product-card--skeleton">
          <div className="skeleton skeleton--image" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </li>
      ))}
    </ul>
  )
}
