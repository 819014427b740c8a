import { PARAMETER_KEYS, type ParameterList } from '../../../common/contract/schemas/parameter'

/**
 * The parameters whose value is a picture's address: the scheduling's help picture
 * (`ajudaAgendamento`, shown on a paid order). Not an `image` object as products, places and
 * orders name theirs, so the rewrite of pictures (images/picture-links.ts) never saw it, and
 * the service's `http:` address reached the page, whose policy allows no `http:` picture.
 */
const PICTURE_PARAMETERS: readonly string[] = [PARAMETER_KEYS.schedulingHelpImage]

/**
 * The parameters with each picture's address as the relay's signed `/img/` one, as every other
 * picture of the service's: `rewrite` is the relay's (http/json-answer.ts `withPictures`), given the
 * value as a picture's `image.href`. One the relay does not fetch (no picture pipeline: the
 * static demo, an edge runtime; or a host not the service's nor IMAGE_HOSTS) and written `http:`
 * is asked for over `https:`: as it came, the page's policy blocks it, and an https page
 * would not load it anyway (mixed content).
 */
export async function withParameterPictures(
  list: ParameterList,
  rewrite: (body: unknown) => Promise<unknown>,
): Promise<ParameterList> {
  const parameters = await Promise.all(
    list._embedded.parameter.map(async (parameter) => {
      const href = parameter.dataValue.trim()
      if (!PICTURE_PARAMETERS.includes(parameter.dataKey) || href === '') return parameter
      const rewritten = (await rewrite({ image: { href } })) as { image: { href: string } }
      const value = rewritten.image.href.replace(/^http:\/\//i, 'https://')
      return value === parameter.dataValue ? parameter : { ...parameter, dataValue: value }
    }),
  )
  return { ...list, _embedded: { ...list._embedded, parameter: parameters } }
}
