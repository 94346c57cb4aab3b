// A site's address: {scheme}://{namespace}.{HOSTED_DOMAIN}{:port}, with the scheme and port of
// BASE_URL when it is set (https and no port behind a proxy in production), else of the request
// that asked (a local run on :8080 gives http://ns.quire.localhost:8080).

export function hostedUrl(
  namespace: string,
  config: { baseUrl: string; baseUrlSet: boolean; hosting: { domain: string } },
  requestOrigin: string,
): string {
  return hostedDomainUrl(config, requestOrigin).replace("://", `://${namespace}.`);
}

/** The domain's own address (its sitemap lives there). */
export function hostedDomainUrl(
  config: { baseUrl: string; baseUrlSet: boolean; hosting: { domain: string } },
  requestOrigin: string,
): string {
  const origin = new URL(config.baseUrlSet ? config.baseUrl : requestOrigin);
  return `${origin.protocol}//${config.hosting.domain}${origin.port ? `:${origin.port}` : ""}`;
}
