/**
 * The company's content (issue 40): the photo library (rows and each photo's variants in the original
 * format and WebP, as photo-upload.routes.ts stores them), website pages, products with their SKU rows,
 * and the website's members.
 */
import { PHOTO_SIZES } from '../../packages/shared/src/schemas/photo.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import type { Bulk, Log } from './seed-bulk.ts';
import { timed } from './seed-bulk.ts';
import { PHOTO_HEIGHT, PHOTO_WIDTH, type StoredFiles } from './seed-files.ts';
import { district, pageTitle, personName, photoTitle, pick, productName, spread } from './seed-names.ts';
import { split, type Plan } from './seed-plan.ts';
import { ADMINS } from './seed-people.ts';

/** One in ten photos is the company library's (no organization); the largest organization holds its share of the rest. */
export function photoOrganizations(plan: Plan): (number | null)[] {
  const company = Math.round(plan.n.photos / 10);
  const perOrg = split(plan.n.photos - company, plan.n.organizations, plan.share);
  return [...Array.from({ length: company }, () => null), ...perOrg.flatMap((c, o) => Array.from({ length: c }, () => o + 1))];
}

const instant = (plan: Plan, i: number, of: number, days = 730) =>
  new Date(Date.parse(plan.stamp) - days * 86_400_000 + Math.floor((i / Math.max(1, of)) * days * 86_400_000)).toISOString();

export async function seedContent(bulk: Bulk, plan: Plan, files: StoredFiles, log: Log): Promise<Record<string, number>> {
  const { n, stamp } = plan;
  const counts: Record<string, number> = {};
  const orgs = photoOrganizations(plan);

  counts.photos = await timed(log, `photos (+ ${PHOTO_SIZES.length * 2} variants each)`, () =>
    bulk.insert(
      'photos',
      [
        'id',
        'uid',
        'organization_id',
        'uploader_id',
        'folder',
        'title',
        'alt',
        'tags',
        'original_name',
        'mime',
        'width',
        'height',
        'bytes',
        'variants',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let i = 0; i < n.photos; i++) {
          const id = i + 1;
          const uid = `bp${id.toString(36).padStart(6, '0')}${spread(id, 1e9, 3).toString(36).padStart(6, '0')}xxxxxxxx`.slice(0, 20);
          const variants: Record<string, { key: string; width: number; height: number; webp_key: string }> = {};
          let bytes = 0;
          for (const size of PHOTO_SIZES) {
            const tiny = size === 'tiny';
            const key = `public/photos/${uid}/${size}.jpg`;
            const webp = `public/photos/${uid}/${size}.webp`;
            const s = files.put(tiny ? 'tiny-jpg' : 'photo-jpg', key);
            files.put(tiny ? 'tiny-webp' : 'photo-webp', webp);
            if (size === 'origin') bytes = s;
            variants[size] = { key, width: tiny ? 160 : PHOTO_WIDTH, height: tiny ? 120 : PHOTO_HEIGHT, webp_key: webp };
          }
          const at = instant(plan, i, n.photos);
          const org = orgs[i] ?? null;
          yield [
            id,
            uid,
            org,
            org === 1 ? 2 : 3 + (id % (ADMINS - 2)),
            pick(['工地照片', '工地照片', '完工照片', '活動', ''], id),
            photoTitle(i),
            `${district(id)}工地`,
            JSON.stringify(id % 3 === 0 ? ['工安', '巡檢'] : id % 3 === 1 ? ['施工'] : []),
            `IMG_${String(1000 + id)}.jpg`,
            'image/jpeg',
            PHOTO_WIDTH,
            PHOTO_HEIGHT,
            bytes,
            JSON.stringify(variants),
            at,
            at,
          ];
        }
      })(),
    ),
  );

  counts.pages = await timed(log, 'pages', () =>
    bulk.insert(
      'pages',
      [
        'id',
        'type',
        'slug',
        'title',
        'summary',
        'body',
        'cover_photo_id',
        'sort_order',
        'location',
        'client',
        'period_start',
        'period_end',
        'gallery',
        'featured',
        'status',
        'publish_at',
        'published_at',
        'updated_by',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let i = 0; i < n.pages; i++) {
          const id = i + 1;
          const type = id % 10 === 0 ? 'default' : id % 3 === 0 ? 'project' : 'article';
          const status = id % 20 === 7 ? 'draft' : id % 50 === 9 ? 'scheduled' : 'published';
          const at = instant(plan, i, n.pages);
          const project = type === 'project';
          yield [
            id,
            type,
            `${type}-${id}`,
            pageTitle(i),
            `${district(id)}的${project ? '工程實績' : '最新消息'}。`,
            `<p>${pageTitle(i)}：本公司於${district(id)}完成施工，感謝業主與協力廠商的支持。</p>`.repeat(3),
            1 + (id % n.photos),
            id,
            project ? district(id) : null,
            project ? `${personName(id)}建設` : null,
            project ? '2023-01-01' : null,
            project ? '2024-06-30' : null,
            JSON.stringify(project ? [1 + ((id + 1) % n.photos), 1 + ((id + 2) % n.photos)] : []),
            project && id % 30 === 3 ? 1 : 0,
            status,
            status === 'scheduled' ? new Date(Date.parse(stamp) + 7 * 86_400_000).toISOString() : null,
            status === 'published' ? at : null,
            2,
            at,
            at,
          ];
        }
      })(),
    ),
  );

  const perProduct = Math.max(1, Math.round(n.skus / n.products));
  const colours = ['黑', '白', '黃', '橘', '藍'];
  counts.products = await timed(log, 'products', () =>
    bulk.insert(
      'products',
      [
        'id',
        'slug',
        'name',
        'category_id',
        'summary',
        'description',
        'photo_ids',
        'attributes',
        'status',
        'sort_order',
        'published_at',
        'updated_by',
        'created_at',
        'updated_at',
      ],
      (function* () {
        for (let i = 0; i < n.products; i++) {
          const id = i + 1;
          const at = instant(plan, i, n.products);
          const sizes = Array.from({ length: Math.ceil(perProduct / colours.length) }, (_, k) => `規格${k + 1}`);
          yield [
            id,
            `product-${id}`,
            productName(i),
            null,
            '符合 CNS 國家標準的工地安全用品。',
            `<p>${productName(i)}：耐用、舒適，適合營造工地使用。</p>`,
            JSON.stringify([1 + (id % n.photos)]),
            JSON.stringify([
              { name: '顏色', name_en: 'Colour', values: colours },
              { name: '規格', name_en: 'Size', values: sizes },
            ]),
            id % 10 === 3 ? 'draft' : 'published',
            id,
            id % 10 === 3 ? null : at,
            2,
            at,
            at,
          ];
        }
      })(),
    ),
  );
  counts.product_instances = await timed(log, 'product_instances (SKUs)', () =>
    bulk.insert(
      'product_instances',
      ['id', 'product_id', 'name', 'values', 'combo_key', 'sku', 'price', 'stock', 'photo_id', 'sort_order', 'created_at', 'updated_at'],
      (function* () {
        let id = 0;
        for (let s = 0; s < n.skus; s++) {
          const product = Math.floor(s / perProduct) + 1;
          if (product > n.products) break;
          const k = s % perProduct;
          const values = [colours[k % colours.length]!, `規格${Math.floor(k / colours.length) + 1}`];
          id++;
          yield [
            id,
            product,
            values.join('-'),
            JSON.stringify(values),
            values.join('\u0001'),
            `P${product}-${String(k + 1).padStart(3, '0')}`,
            200 + (id % 50) * 10,
            id % 17,
            null,
            k,
            stamp,
            stamp,
          ];
        }
      })(),
    ),
  );

  const memberHash = await hashPassword('MemberPass1!');
  counts.members = await timed(log, 'members', () =>
    bulk.insert(
      'members',
      ['id', 'email', 'name', 'password_hash', 'status', 'email_verified_at', 'locale', 'last_sign_in_at', 'created_at', 'updated_at'],
      (function* () {
        for (let i = 0; i < n.members; i++) {
          const id = i + 1;
          const at = instant(plan, i, n.members, 1460);
          yield [
            id,
            `member${id}@example.com.tw`,
            personName(id + 700_000),
            id % 15 === 0 ? null : memberHash,
            id % 40 === 0 ? 'disabled' : 'active',
            id % 6 === 0 ? null : at,
            id % 9 === 0 ? 'en-US' : 'zh-TW',
            id % 4 === 0 ? null : instant(plan, id % 1000, 1000, 90),
            at,
            at,
          ];
        }
      })(),
      { rebuildIndexes: true },
    ),
  );
  return counts;
}
