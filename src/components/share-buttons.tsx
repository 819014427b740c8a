import { whatsAppShareUrl } from '../../common/rules/share-links'
import { useHydrated } from '../state/use-hydrated'

/**
 * "Compartilhar no WhatsApp" (a plain link, works everywhere) and, where the browser has the
 * Web Share API (mostly phones), its own share sheet. `text` is fixed words from the catalog and
 * `url` the link: nothing personal ever goes in (share-links.ts).
 */
export function ShareButtons({
  url,
  text,
  title,
  labels,
}: {
  url: string
  text: string
  title: string
  labels: { whatsapp: string; newTab: string; native: string }
}) {
  // Feature-detected, no polyfill: a desktop without it just shows WhatsApp. Asked after
  // hydration: a server render has no browser to ask.
  const canShare = useHydrated() && typeof navigator.share === 'function'
  return (
    <div className="share-actions">
      <a
        className="button"
        href={whatsAppShareUrl(`${text} ${url}`)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {labels.whatsapp}
        <span className="visually-hidden"> {labels.newTab}</span>
      </a>
      {canShare && (
        <button
          type="button"
          className="button"
          onClick={() => {
            // A person closing the sheet rejects the promise: nothing to report.
            navigator.share({ title, text, url }).catch(() => undefined)
          }}
        >
          {labels.native}
        </button>
      )}
    </div>
  )
}
