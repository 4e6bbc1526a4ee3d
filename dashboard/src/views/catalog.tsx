// Products (title, price, availability) and the media library of the site.
import { api, callPage } from '../api/client';
import { DataTable } from '../components/data-table';
import { More } from '../components/more';
import { Async } from '../components/status';
import { formatCount, formatDate, formatMoney } from '../format';
import { usePaged } from '../use-api';

export function Catalog({ siteId }: { siteId: string }) {
  const products = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/products', { params: { path: { siteId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } } })),
    [siteId],
  );
  const media = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/media', { params: { path: { siteId }, query: { limit: 24, ...(cursor ? { cursor } : {}) } } })),
    [siteId],
  );
  return (
    <>
      <h1>Products and media</h1>
      <section aria-labelledby="products">
        <h2 id="products">Products</h2>
        <Async state={products.state} what="the products">
          {(rows) => (
            <DataTable
              caption="Products"
              rows={rows}
              rowKey={(p) => p.product_id}
              columns={[
                { label: 'Product', cell: (p) => <a href={p.url} rel="noreferrer noopener" target="_blank">{p.title}</a> },
                { label: 'Id', cell: (p) => <code>{p.product_id}</code> },
                { label: 'Price', numeric: true, cell: (p) => formatMoney(p.price.amount, p.price.currency) },
                { label: 'Sale price', numeric: true, cell: (p) => (p.sale_price ? formatMoney(p.sale_price.amount, p.sale_price.currency) : '—') },
                { label: 'Availability', cell: (p) => p.availability.replace('_', ' ') },
                { label: 'Updated', cell: (p) => formatDate(p.updated_at) },
              ]}
            />
          )}
        </Async>
        <More list={products} what="products" />
      </section>
      <section aria-labelledby="media">
        <h2 id="media">Media</h2>
        <Async state={media.state} what="the media">
          {(items) =>
            items.length === 0 ? (
              <p class="empty">No media yet.</p>
            ) : (
              <ul class="media">
                {items.map((m) => (
                  <li key={m.media_id}>
                    <img src={m.url} alt={`Media ${m.media_id}`} width={120} height={Math.round((120 * m.height) / Math.max(m.width, 1))} loading="lazy" />
                    <span>
                      {m.width}×{m.height}, {formatCount(Math.round(m.bytes / 1024))} KB
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </Async>
        <More list={media} what="media" />
      </section>
    </>
  );
}
