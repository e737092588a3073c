const TOKEN_KEY = 'hermes-studio.token';

/**
 * The access token of a `serve` that is not on loopback: given once as `?token=` in the page address,
 * then kept for the tab and taken out of the address bar so it is not shared with a copied link.
 */
export function accessToken(location: Location, storage: Storage, history: History): string | undefined {
  const url = new URL(location.href);
  const given = url.searchParams.get('token');
  if (given) {
    storage.setItem(TOKEN_KEY, given);
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url);
    return given;
  }
  return storage.getItem(TOKEN_KEY) ?? undefined;
}
