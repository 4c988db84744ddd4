// The console's pages live in the URL's fragment (`#/batches/bat_…`): links and the back button
// work, the server serves one page, and nothing in it is ever a secret (the key is not in any URL).

export type Route =
  | { readonly page: 'overview' }
  | { readonly page: 'batches'; readonly id?: string }
  | { readonly page: 'return-jobs'; readonly id?: string }
  | { readonly page: 'webhooks' }
  | { readonly page: 'declared-exemptions' }
  | { readonly page: 'nexus' }
  | { readonly page: 'transactions'; readonly code?: string };

export type Page = Route['page'];

export function parseRoute(hash: string): Route {
  const [page, ...rest] = hash.replace(/^#\/?/, '').split('/');
  const param = rest.length > 0 ? decodeURIComponent(rest.join('/')) : undefined;
  switch (page) {
    case 'batches':
      return param ? { page, id: param } : { page };
    case 'return-jobs':
      return param ? { page, id: param } : { page };
    case 'transactions':
      return param ? { page, code: param } : { page };
    case 'webhooks':
    case 'declared-exemptions':
    case 'nexus':
      return { page };
    default:
      return { page: 'overview' };
  }
}

export function href(route: Route): string {
  const param = 'id' in route ? route.id : 'code' in route ? route.code : undefined;
  return `#/${route.page}${param ? `/${encodeURIComponent(param)}` : ''}`;
}
