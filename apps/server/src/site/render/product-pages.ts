import { canonical, href, type SiteContext } from '../site-context.ts';
import { html } from './html.ts';
import { altOf, picture } from './images.ts';
import type { LayoutInput } from './layout.ts';
import {
  type CategoryNode,
  cards,
  categoryPills,
  type ListMeta,
  pagination,
  priceRange,
  type ProductFull,
  type ProductItem,
  productCard,
  productPath,
  richText,
} from './parts.ts';
import { breadcrumbLd, describe, imageUrl, textOf } from './seo.ts';
import { ntd } from '../site-i18n.ts';

export function productListPage(
  ctx: SiteContext,
  d: { list: ProductItem[]; meta: ListMeta; tree: CategoryNode[]; category: CategoryNode | null },
): LayoutInput {
  const { t } = ctx;
  const path = d.category ? `/products/category/${d.category.id}` : '/products';
  const heading = d.category ? d.category.name : t.products;
  const title = d.category ? `${d.category.name} | ${t.products}` : t.products;
  return {
    current: 'products',
    breadcrumbs: [{ name: t.home, path: '/' }, ...(d.category ? [{ name: t.products, path: '/products' }] : []), { name: heading }],
    seo: {
      title: d.meta.page > 1 ? `${title} (${t.pageOf(d.meta.page, d.meta.last_page)})` : title,
      description: describe(d.list.map((p) => p.name).join('、'), `${t.products} | ${ctx.site.company_name}`),
      path: d.meta.page > 1 ? `${path}?page=${d.meta.page}` : path,
    },
    main: html`<div class="wrap"><div class="page-head"><h1>${heading}</h1></div>
${categoryPills(ctx, { tree: d.tree, basePath: '/products', current: d.category?.id ?? null })}
${cards(
  ctx,
  'media',
  d.list.map((p) => productCard(ctx, p)),
)}
${pagination(ctx, path, d.meta)}</div>`,
  };
}

type Instance = { name: string; sku: string; price: number; stock: number };

const stockText = ({ t }: SiteContext, stock: number) => (stock > 0 ? t.inStock(stock) : html`<span class="out">${t.outOfStock}</span>`);

/** On a phone (the table shows from 40rem): a card per SKU, its price first, then the option, SKU and stock, nothing scrolled sideways. */
function instanceCards(ctx: SiteContext, instances: Instance[]) {
  const { t } = ctx;
  return html`<ul class="instance-cards">${instances.map(
    (i) =>
      html`<li class="instance-card"><p class="instance-price">${ntd(i.price)}</p><p class="instance-name">${i.name}</p><dl><div><dt>${t.sku}</dt><dd>${i.sku}</dd></div><div><dt>${t.stock}</dt><dd>${stockText(ctx, i.stock)}</dd></div></dl></li>`,
  )}</ul>`;
}

/** One product: photos, price range, its instances (name, SKU, NT$ price, stock), description; Product structured data with offers in TWD. */
export function productDetailPage(ctx: SiteContext, p: ProductFull): LayoutInput {
  const { t } = ctx;
  const path = productPath(p);
  const description = describe(p.summary || textOf(p.description), p.name);
  const photos = p.photos.length ? p.photos : p.cover_photo ? [p.cover_photo] : [];
  const price = priceRange(p.price_min, p.price_max);
  const availability = (stock: number) => `https://schema.org/${stock > 0 ? 'InStock' : 'OutOfStock'}`;
  const offers = p.instances.map((i) => ({
    '@type': 'Offer',
    name: i.name,
    sku: i.sku,
    price: i.price,
    priceCurrency: 'TWD',
    availability: availability(i.stock),
    url: canonical(ctx, path),
  }));
  const trail = [
    { name: t.home, path: '/' },
    { name: t.products, path: '/products' },
    { name: p.name, path },
  ];
  const productLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description,
    url: canonical(ctx, path),
    ...(photos.length ? { image: photos.map((ph) => imageUrl(ctx, ph)) } : {}),
    ...(p.instances.length === 1 ? { sku: p.instances[0]!.sku } : {}),
    ...(p.category ? { category: p.category.name } : {}),
    brand: { '@type': 'Brand', name: ctx.site.company_name },
    ...(offers.length === 1
      ? { offers: offers[0] }
      : offers.length > 1
        ? {
            offers: {
              '@type': 'AggregateOffer',
              priceCurrency: 'TWD',
              lowPrice: Math.min(...p.instances.map((i) => i.price)),
              highPrice: Math.max(...p.instances.map((i) => i.price)),
              offerCount: offers.length,
              offers,
            },
          }
        : {}),
  };
  return {
    current: 'products',
    breadcrumbs: [trail[0]!, trail[1]!, { name: p.name }],
    seo: {
      title: p.name,
      description,
      path,
      type: 'product',
      image: photos[0] ? { photo: photos[0], alt: altOf(photos[0], p.name) } : null,
      jsonLd: [productLd, breadcrumbLd(ctx, trail)],
    },
    main: html`<div class="wrap" lang="${p.locale === 'en-US' ? 'en' : 'zh-Hant-TW'}"><div class="page-head"><h1>${p.name}</h1>${
      p.category ? html`<p class="meta">${p.category.name}</p>` : ''
    }</div>
<div class="product">
${
  photos.length
    ? html`<section aria-label="${t.productPhotos}"><ul class="photos">${photos.map(
        (ph, i) =>
          html`<li>${picture(ph, {
            sizes: i === 0 ? '(min-width: 56rem) 34rem, 100vw' : '(min-width: 56rem) 11rem, 33vw',
            alt: altOf(ph, p.name),
            eager: i === 0,
            max: i === 0 ? 'xlarge' : 'middle',
          })}</li>`,
      )}</ul></section>`
    : html`<div></div>`
}
<div>
${price ? html`<p class="price">${t.priceFrom} ${price}</p>` : ''}
${p.summary ? html`<p class="lead">${p.summary}</p>` : ''}
${
  p.instances.length
    ? html`<h2 id="instances">${t.instances}</h2>${instanceCards(ctx, p.instances)}<div class="table-scroll instances-wide" role="region" aria-labelledby="instances" tabindex="0"><table class="instances"><thead><tr><th scope="col">${
        t.instanceName
      }</th><th scope="col">${t.sku}</th><th scope="col" class="num">${t.price}</th><th scope="col" class="num">${t.stock}</th></tr></thead><tbody>${p.instances.map(
        (i) =>
          html`<tr><th scope="row">${i.name}</th><td>${i.sku}</td><td class="num">${ntd(i.price)}</td><td class="num">${stockText(ctx, i.stock)}</td></tr>`,
      )}</tbody></table></div>`
    : ''
}
</div>
</div>
<div class="rich article">${richText(p.description)}</div>
<p><a href="${href(ctx, '/products')}">← ${t.products}</a></p>
</div>`,
  };
}
