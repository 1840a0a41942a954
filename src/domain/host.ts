/** The host name alone: lower case, without scheme, path, port or surrounding dots and spaces. */
export function hostName(hostOrUrl: string): string {
  const withoutScheme = hostOrUrl.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  const authority = withoutScheme.split(/[/?#]/)[0] ?? '';
  const withoutUser = authority.slice(authority.lastIndexOf('@') + 1);
  return withoutUser.replace(/:\d*$/, '').replace(/\.$/, '');
}

export function sameHost(a: string, b: string, options: { ignoreWww?: boolean } = {}): boolean {
  const strip = (h: string) => (options.ignoreWww ? h.replace(/^www\./, '') : h);
  const left = strip(hostName(a));
  return left !== '' && left === strip(hostName(b));
}
