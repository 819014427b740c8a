/** The store's Content-Security-Policy, as Hono's secureHeaders spells it: pages and answers alike. */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
}

/**
 * The policy with the http origins pictures may come from besides (RelayOptions.imageSources):
 * `https:` is allowed already, and a store whose pictures are served as they come (IMAGES=off,
 * no sharp) from an http host would otherwise show none.
 */
export function contentSecurityPolicy(imageSources: readonly string[] = []) {
  return imageSources.length
    ? { ...CONTENT_SECURITY_POLICY, imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...imageSources] }
    : CONTENT_SECURITY_POLICY
}
