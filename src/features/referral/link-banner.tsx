import { ShareButtons } from '../../components/share-buttons'
import { t } from '../../i18n/pt-br'
import { tShare } from '../../i18n/pt-br-share'
import { storeLink } from '../../lib/share-links'
import { useLatePart } from '../../state/late-part'
import { link, useLink } from '../../state/link-store'
import { useSiteOrigin } from '../../state/site-origin'
import { useParameters } from '../../state/use-parameters'
import { usePaymentOptions } from '../../state/use-payment-options'

/** Who the visitor came through (referrer or unit, with name and picture), or why not. */
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
  const label = parameters.data?.referrerLabel ?? 'indicador'
  return (
    <aside className="link-banner" aria-label="Origem da visita">
      {image && (
        <img
          src={image.href}
          alt={image.description ?? ''}
          width={48}
          height={48}
          className="link-banner__image"
        />
      )}
      <p>
        {options.place.kind === 'referrer'
          ? t.link.referrer(label, description)
          : t.link.unit(description)}
      </p>
      {/* Referrers pass the store on with their own `p`, so the next buyer's order is theirs. */}
      {options.place.kind === 'referrer' && (
        <ShareButtons
          url={storeLink(origin, options.place.ref)}
          text={tShare.store.text}
          title={description}
          labels={tShare.store}
        />
      )}
    </aside>
  )
}
