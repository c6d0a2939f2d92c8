import type { Generated } from 'kysely';
import type { CategoryColumns } from './category-columns.ts';

/** Migration 0080: a YouTube video of the site. */
export interface VideosTable {
  id: Generated<number>;
  title: string;
  title_en: string | null;
  youtube_url: string;
  /** Taken from the URL by spec section 5's rule when saved. */
  youtube_id: string;
  photo_id: number | null;
  /** 0/1: only published videos are in the public API. */
  published: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** Migration 0080: a banner in one position of the site, shown only inside its dates. */
export interface BannersTable {
  id: Generated<number>;
  title: string;
  title_en: string | null;
  position: string;
  photo_id: number | null;
  link: string | null;
  starts_on: string | null;
  ends_on: string | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** Migration 0080: what the public contact form sent, and how it was handled. */
export interface ContactsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string;
  status: 'new' | 'handled' | 'spam';
  handler_note: string | null;
  assignee_id: number | null;
  handled_at: string | null;
  locale: string;
  ip: string | null;
  created_at: string;
  updated_at: string;
}

/** Migration 0088: the website's identity, one row (id 1); null fields read as their defaults. */
export interface WebsiteSettingsTable {
  id: number;
  company_name: string | null;
  company_name_en: string | null;
  tagline: string | null;
  tagline_en: string | null;
  logo_photo_id: number | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  address_en: string | null;
  /** JSON: [{ network, url }]. */
  social_links: string;
  footer_text: string | null;
  footer_text_en: string | null;
  created_at: string;
  updated_at: string;
}

export interface SiteContentTables {
  website_settings: WebsiteSettingsTable;
  videos: VideosTable;
  banners: BannersTable;
  contacts: ContactsTable;
}

/** Migration 0081: a category of one page type; `depth` 1 for a root. */
export interface PageCategoriesTable extends CategoryColumns {
  type: 'default' | 'article' | 'project';
}

/** Migration 0081: a page of the site. */
export interface PagesTable {
  id: Generated<number>;
  type: 'default' | 'article' | 'project';
  slug: string;
  title: string;
  title_en: string | null;
  summary: string | null;
  summary_en: string | null;
  body: string;
  body_en: string | null;
  cover_photo_id: number | null;
  category_id: number | null;
  seo_description: string | null;
  seo_description_en: string | null;
  sort_order: number;
  location: string | null;
  client: string | null;
  period_start: string | null;
  period_end: string | null;
  gallery: string;
  /** Migration 0088: 0/1, a project case shown on the home page (in sort order). */
  featured: Generated<number>;
  status: 'draft' | 'published' | 'scheduled' | 'unpublished';
  publish_at: string | null;
  published_at: string | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Migration 0081: a page as one save left it. */
export interface PageRevisionsTable {
  id: Generated<number>;
  page_id: number;
  number: number;
  status: 'draft' | 'published' | 'scheduled' | 'unpublished';
  content: string;
  actor_id: number | null;
  created_at: string;
}

export interface PageTables {
  page_categories: PageCategoriesTable;
  pages: PagesTable;
  page_revisions: PageRevisionsTable;
}
