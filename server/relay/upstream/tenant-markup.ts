import {
  MARKUP_PARAMETER_KEYS,
  type ParameterList,
} from '../../../common/contract/schemas/parameter'
import { layOutTenantText } from './tenant-text'

const MARKUP = new Set(MARKUP_PARAMETER_KEYS)

/**
 * The tenant's parameters with their markup (terms, scheduling legend) sanitised, as the relay
 * answers them. The browser sanitises again (DOMPurify, src/components/safe-html.tsx), so this
 * is not the only line; it is here so that hostile or sloppy markup never reaches a visitor's
 * browser at all: DOMPurify parses what it is given into an inert document, and Chrome reports
 * an `onerror` there as a CSP violation (nothing runs, but every visitor's console and the CSP
 * reports would say so). Done once per read of the service, which the micro-cache shares.
 * Every other parameter (URLs, flags, labels) passes byte for byte.
 *
 * A value written as plain text (the docs' `termos`) gets its line breaks as paragraphs and
 * `<br>`s first (server/relay/upstream/tenant-text.ts), here and nowhere else: the server's render and the
 * browser both read this answer, so they show the same markup and hydration has nothing to
 * patch. What the conversion writes goes through the sanitiser like the rest.
 */
export function withCleanMarkup(
  list: ParameterList,
  sanitize: (html: string) => string,
): ParameterList {
  return {
    ...list,
    _embedded: {
      ...list._embedded,
      parameter: list._embedded.parameter.map((parameter) =>
        MARKUP.has(parameter.dataKey)
          ? { ...parameter, dataValue: sanitize(layOutTenantText(parameter.dataValue)) }
          : parameter,
      ),
    },
  }
}
