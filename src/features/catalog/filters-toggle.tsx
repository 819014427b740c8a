import { t } from '../../../common/words/pt-br'

/**
 * The phone's "Filtros" button: it folds category and order under the search (styles.css
 * hides it, and unfolds them, on wider screens). A real button with aria-expanded, so keyboard
 * and screen reader users open them the same way; the badge counts the filters in use.
 */
export function FiltersToggle({
  open,
  controls,
  active,
  onToggle,
}: {
  open: boolean
  controls: string
  active: number
  onToggle: () => void
}) {
  return (
    <button
      type="button"
      className="button catalog-filters__toggle"
      aria-expanded={open}
      aria-controls={controls}
      // The badge's bare number, said in words: "Filtros (1 ativo)".
      aria-label={
        active > 0 ? `${t.catalog.filters} ${t.catalog.filtersActive(active)}` : undefined
      }
      onClick={onToggle}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path fill="currentColor" d="M3 5h18l-7 8.5V20l-4-2v-4.5Z" />
      </svg>
      {t.catalog.filters}
      {active > 0 && (
        <span className="catalog-filters__count" aria-hidden="true">
          {active}
        </span>
      )}
    </button>
  )
}
