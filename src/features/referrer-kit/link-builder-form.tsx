import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { catalogQueries } from '../../api/queries/tenant-queries'
import { tKit } from '../../../common/words/pt-br-referrer-kit'
import type { PlaceRef } from '../../../common/rules/place-ref'
import { useSiteOrigin } from '../../state/site-origin'
import {
  campaignOf,
  CHANNELS,
  channelUtm,
  fullLink,
  previewPath,
  shortLink,
  type Channel,
  type LinkTarget,
  type UtmFields,
  UTM_MAX,
} from './link-builder'
import { LinkPreviewCard } from './link-preview-card'
import { SharePanel } from './share-panel'

const UTM_FIELDS = ['source', 'medium', 'campaign'] as const
const DEFAULT_CHANNEL: Channel = 'whatsapp'

/**
 * What to share (the store, a product, a group), where (a channel's UTM fields, editable), and
 * the link that results, with its preview and its ways to share. The products and groups are
 * the referrer's own listing: what their visitors can buy, at their prices.
 */
export function LinkBuilder({ place }: { place: PlaceRef }) {
  const origin = useSiteOrigin()
  const listing = useQuery(catalogQueries.products(place.ref))
  const products = (listing.data?.prices ?? []).filter((p) => p.status === 1)
  const groups = [...new Set(products.map((p) => p.groupDescription))].sort((a, b) =>
    a.localeCompare(b, 'pt-BR'),
  )

  const [kind, setKind] = useState<LinkTarget['kind']>('store')
  const [sku, setSku] = useState('')
  const [group, setGroup] = useState('')
  const [channel, setChannel] = useState<Channel>(DEFAULT_CHANNEL)
  const [utm, setUtm] = useState<UtmFields>(() => channelUtm(DEFAULT_CHANNEL, { kind: 'store' }))
  const [useShort, setUseShort] = useState(false)

  const targetOf = (next: LinkTarget['kind'], nextSku = sku, nextGroup = group): LinkTarget =>
    next === 'product'
      ? { kind: 'product', sku: nextSku || (products[0]?.sku ?? '') }
      : next === 'group'
        ? { kind: 'group', group: nextGroup || (groups[0] ?? '') }
        : { kind: 'store' }
  const target = targetOf(kind)
  // A product or a group not chosen yet (the listing is still loading) is no link to share.
  const ready = target.kind === 'store' || (target.kind === 'product' ? target.sku : target.group)

  /** A campaign the preset wrote follows the target; one the referrer typed stays theirs. */
  const retarget = (next: LinkTarget) => {
    if (channel !== 'none' && utm.campaign === campaignOf(target)) {
      setUtm({ ...utm, campaign: campaignOf(next) })
    }
  }

  const full = fullLink(origin, place, target, utm)
  const short = shortLink(origin, place, target, utm)
  const shared = useShort && short ? short : full

  const ids = {
    title: useId(),
    product: useId(),
    group: useId(),
    utmHint: useId(),
    field: useId(),
    full: useId(),
    short: useId(),
  }
  const w = tKit.builder

  return (
    <>
      <section className="kit-builder" aria-labelledby={ids.title}>
        <h2 id={ids.title}>{w.title}</h2>
        <fieldset className="kit-choice">
          <legend>{w.target}</legend>
          {(['store', 'product', 'group'] as const).map((option) => (
            <label key={option} className="kit-choice__option">
              <input
                type="radio"
                name="kit-target"
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option)
                  retarget(targetOf(option))
                }}
              />
              {w[option]}
            </label>
          ))}
        </fieldset>
        {kind === 'product' && (
          <div className="field">
            <label htmlFor={ids.product}>{w.productField}</label>
            <select
              id={ids.product}
              value={target.kind === 'product' ? target.sku : ''}
              disabled={products.length === 0}
              onChange={(event) => {
                setSku(event.target.value)
                retarget(targetOf('product', event.target.value))
              }}
            >
              {products.length === 0 && <option value="">{w.loadingProducts}</option>}
              {products.map((product) => (
                <option key={product.sku} value={product.sku}>
                  {product.description}
                </option>
              ))}
            </select>
          </div>
        )}
        {kind === 'group' && (
          <div className="field">
            <label htmlFor={ids.group}>{w.groupField}</label>
            <select
              id={ids.group}
              value={target.kind === 'group' ? target.group : ''}
              disabled={groups.length === 0}
              onChange={(event) => {
                setGroup(event.target.value)
                retarget(targetOf('group', sku, event.target.value))
              }}
            >
              {groups.length === 0 && <option value="">{w.loadingProducts}</option>}
              {groups.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <fieldset className="kit-choice">
          <legend>{w.channel}</legend>
          {CHANNELS.map((option) => (
            <label key={option} className="kit-choice__option">
              <input
                type="radio"
                name="kit-channel"
                value={option}
                checked={channel === option}
                onChange={() => {
                  setChannel(option)
                  setUtm(channelUtm(option, target))
                }}
              />
              {w.channels[option]}
            </label>
          ))}
        </fieldset>
        <fieldset className="kit-utm" aria-describedby={ids.utmHint}>
          <legend>{w.utm}</legend>
          <p id={ids.utmHint} className="field-hint">
            {w.utmHint}
          </p>
          {UTM_FIELDS.map((field) => (
            <div key={field} className="field">
              <label htmlFor={`${ids.field}-${field}`}>{w[field]}</label>
              <input
                id={`${ids.field}-${field}`}
                type="text"
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                maxLength={UTM_MAX}
                value={utm[field]}
                onChange={(event) => setUtm({ ...utm, [field]: event.target.value })}
              />
            </div>
          ))}
        </fieldset>
        {ready && (
          <fieldset className="kit-choice kit-links">
            <legend>{w.which}</legend>
            <label className="kit-choice__option">
              <input
                type="radio"
                name="kit-link"
                checked={!useShort || !short}
                onChange={() => setUseShort(false)}
                aria-describedby={ids.full}
              />
              {w.full}
            </label>
            <code id={ids.full} className="kit-link">
              {full}
            </code>
            {short && (
              <>
                <label className="kit-choice__option">
                  <input
                    type="radio"
                    name="kit-link"
                    checked={useShort}
                    onChange={() => setUseShort(true)}
                    aria-describedby={ids.short}
                  />
                  {w.short}
                </label>
                <code id={ids.short} className="kit-link">
                  {short}
                </code>
                <p className="field-hint">{w.shortHint}</p>
              </>
            )}
          </fieldset>
        )}
      </section>
      {ready && (
        <>
          <LinkPreviewCard path={previewPath(place, target)} />
          <SharePanel
            url={shared}
            target={target}
            fileName={`qrcode-${place.ref}-${campaignOf(target)}`}
          />
        </>
      )}
    </>
  )
}
