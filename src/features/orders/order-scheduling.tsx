import { ProductPicture } from '../../components/product-picture'
import { SafeHtml } from '../../components/safe-html'
import { tAccount } from '../../../common/words/pt-br-account'
import { useParameters } from '../../state/use-parameters'
import { safeExternalUrl } from './safe-links'

/**
 * "Agende sua validação": once the order is paid, the customer books the identity validation,
 * one button per kind the tenant enabled, with the tenant's legend (sanitised) and help picture.
 * Nothing shows while unpaid, or when the tenant has no scheduling configured.
 */
export function OrderScheduling({ statusPayment }: { statusPayment: string | null }) {
  const parameters = useParameters()
  if (statusPayment !== 'CONCLUIDO' || !parameters.data) return null
  const { kinds, legend, helpImage } = parameters.data.scheduling
  const links = kinds.flatMap(({ kind, url }) => {
    const href = safeExternalUrl(url)
    return href ? [{ kind, href }] : []
  })
  if (links.length === 0) return null
  const help = helpImage ? safeExternalUrl(helpImage) : null
  return (
    <section className="order-section order-scheduling" aria-labelledby="order-scheduling">
      <h2 id="order-scheduling" className="order-section__title">
        {tAccount.scheduling.title}
      </h2>
      <p>{tAccount.scheduling.intro}</p>
      <ul className="order-scheduling__actions">
        {links.map(({ kind, href }) => (
          <li key={kind}>
            <a
              className="button button--primary"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {tAccount.scheduling[kind]}
              <span className="visually-hidden"> {tAccount.scheduling.newTab}</span>
            </a>
          </li>
        ))}
      </ul>
      {legend && <SafeHtml html={legend} className="prose order-scheduling__legend" />}
      {help && (
        <ProductPicture
          className="order-scheduling__help"
          href={help}
          alt={tAccount.scheduling.helpAlt}
          width={600}
          height={300}
          sizes="(max-width:39.98rem) calc(100vw - 4rem),600px"
        />
      )}
    </section>
  )
}
